import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** API keys of the tenant: create, list, revoke (SPEC §4.2, §5.3). */
export function apiKeyRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
