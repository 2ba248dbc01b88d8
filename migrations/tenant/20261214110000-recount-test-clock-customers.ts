import { Migration } from '@mikro-orm/migrations';

/**
 * A test clock's `customer_count` counts its customers not deleted: deleting a customer now frees its place. Clocks
 * whose customers were deleted before are counted again.
 */
export class RecountTestClockCustomers extends Migration {
  override name = '20261214110000_recount_test_clock_customers';

  override up(): void {
    this.addSql(`
      update test_clocks t
         set customer_count = (select count(*) from customers c where c.test_clock_id = t.id and c.deleted_at is null)`);
  }

  override down(): void {
    this.addSql(`
      update test_clocks t set customer_count = (select count(*) from customers c where c.test_clock_id = t.id)`);
  }
}
