import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Payment provider configurations, credentials encrypted at rest, and the connection test (SPEC §4.7). */
export function paymentProviderRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
