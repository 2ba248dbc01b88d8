import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: coupons and applied_coupons (unqualified: runs in each tenant schema). */
export class CreateCoupons extends Migration {
  override name = '20261122170000_create_coupons';

  override up(): void {
    // Filled in by the catalog work (issue 4).
  }
}
