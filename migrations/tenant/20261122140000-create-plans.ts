import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: plans and plan_prices (unqualified: runs in each tenant schema). */
export class CreatePlans extends Migration {
  override name = '20261122140000_create_plans';

  override up(): void {
    // Filled in by the catalog work (issue 4).
  }
}
