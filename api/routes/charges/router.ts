import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Usage charges of plans, one per (plan, metric), by charge model (SPEC §4.8). */
export function chargeRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
