import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: payment_providers (unqualified: runs in each tenant schema). */
export class CreatePaymentProviders extends Migration {
  override name = '20261122160000_create_payment_providers';

  override up(): void {
    // Filled in by the catalog work (issue 4).
  }
}
