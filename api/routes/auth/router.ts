import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Registration, login, token refresh and password reset (SPEC §4.1). */
export function authRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
