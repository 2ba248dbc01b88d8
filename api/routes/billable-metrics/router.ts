import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Billable metrics (SPEC §4.8). */
export function billableMetricRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
