import type { AppDeps } from '../../app-deps';
import type { RouteDefinition } from '../../routing/route-definition';

/** Customers: CRUD, search and filters, and their subscriptions, invoices and payments (SPEC §4.3). */
export function customerRoutes(_deps: AppDeps): RouteDefinition[] {
  return [];
}
