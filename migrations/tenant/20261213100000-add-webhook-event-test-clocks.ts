import { Migration } from '@mikro-orm/migrations';

/**
 * The test clock of an outbound event's customer (null for every other event): the envelope carries it, and its
 * delivery starts from when the event was recorded rather than from the clock's time. No reference to
 * `test_clocks`: deleting a clock keeps the events that were sent for it, as sent.
 */
export class AddWebhookEventTestClocks extends Migration {
  override name = '20261213100000_add_webhook_event_test_clocks';

  override up(): void {
    this.addSql('alter table webhook_events add column test_clock_id text null');
  }

  override down(): void {
    this.addSql('alter table webhook_events drop column test_clock_id');
  }
}
