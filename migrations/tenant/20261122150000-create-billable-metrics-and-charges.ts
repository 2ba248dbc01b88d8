import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: billable_metrics and charges (unqualified: runs in each tenant schema). */
export class CreateBillableMetricsAndCharges extends Migration {
  override name = '20261122150000_create_billable_metrics_and_charges';

  override up(): void {
    // Filled in by the catalog work (issue 4).
  }
}
