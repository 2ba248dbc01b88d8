import { Migration } from '@mikro-orm/migrations';

/**
 * Test clocks: simulated time for a tester's customers. A customer is attached to at most one clock, fixed at its
 * creation. `frozen_time` is the clock's time (during an advance, the time it is advancing to); `customer_count` is
 * kept by attaching customers under the clock's row lock, so its limit holds under concurrent creates; the two sequences
 * number the clock's own invoices and credit notes, so a clock never spends a number of the tenant's real,
 * gapless sequences.
 */
export class CreateTestClocks extends Migration {
  override name = '20261208100000_create_test_clocks';

  override up(): void {
    this.addSql(`
      create table test_clocks (
        id text primary key,
        name text,
        frozen_time timestamptz not null,
        status text not null default 'READY' check (status in ('READY', 'ADVANCING')),
        customer_count integer not null default 0 check (customer_count >= 0),
        invoice_sequence bigint not null default 0,
        credit_note_sequence bigint not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index test_clocks_created_index on test_clocks (created_at desc, id desc)');
    this.addSql('alter table customers add column test_clock_id text references test_clocks (id)');
    this.addSql('create index customers_test_clock_index on customers (test_clock_id) where test_clock_id is not null');
  }

  override down(): void {
    this.addSql('drop index customers_test_clock_index');
    this.addSql('alter table customers drop column test_clock_id');
    this.addSql('drop table test_clocks');
  }
}
