import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Plans and their per-currency prices (SPEC §4.4). */
export function planRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
