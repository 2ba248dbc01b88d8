import { Migration } from '@mikro-orm/migrations';

/**
 * The wallet checks keep running aggregates of each open period's usage and read only the events ingested since
 * their last floor: one subscription's events of one metric above a `seq`, a range of this index rather than the
 * whole period's events on the (subscription_id, code, timestamp) one.
 */
export class AddEventSeqIndex extends Migration {
  override name = '20261211100000_add_event_seq_index';

  override up(): void {
    this.addSql('create index events_subscription_code_seq_index on events (subscription_id, code, seq)');
  }

  override down(): void {
    this.addSql('drop index events_subscription_code_seq_index');
  }
}
