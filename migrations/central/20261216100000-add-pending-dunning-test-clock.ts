import { Migration } from '@mikro-orm/migrations';

/**
 * Whether a pending dunning start is an invoice of a test clock's customer, written with the finalize: the starter
 * tells the ladder so, and the ladder reads its invoice on the worker from its first step (a clock's advance waits for
 * every ladder it starts). Rows already pending keep `false`: their ladders start as before and learn their clock from
 * that first read.
 */
export class AddPendingDunningTestClock extends Migration {
  override name = '20261216100000_add_pending_dunning_test_clock';

  override up(): void {
    this.addSql('alter table central.pending_dunning_starts add column on_test_clock boolean not null default false');
  }

  override down(): void {
    this.addSql('alter table central.pending_dunning_starts drop column on_test_clock');
  }
}
