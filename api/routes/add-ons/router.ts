import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Add-ons with per-currency prices and their application to customers (SPEC §4.9). */
export function addOnRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
