import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** The tenant's own profile, settings, usage, SMTP test and webhook secret (SPEC §4.2). */
export function tenantRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
