import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: add_ons, add_on_prices and applied_add_ons (unqualified: runs in each tenant schema). */
export class CreateAddOns extends Migration {
  override name = '20261122180000_create_add_ons';

  override up(): void {
    // Filled in by the catalog work (issue 4).
  }
}
