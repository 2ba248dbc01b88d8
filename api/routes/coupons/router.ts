import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Coupons and their application to customers (SPEC §4.9). */
export function couponRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
