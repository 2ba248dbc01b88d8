import { Migration } from '@mikro-orm/migrations';

/**
 * Outbound webhook delivery (CONTRACT §8): each outbox event (`webhook_events`) is delivered by attempt series — the
 * first when the event is recorded, one more per redelivery — of up to five attempts each, every attempt recorded.
 */
export class CreateWebhookAttempts extends Migration {
  override name = '20261122210000_create_webhook_attempts';

  override up(): void {
    // `delivery_series` counts the series started (0 = none yet). An event is in progress while its status is
    // PENDING; a redelivery (refused then) sets it back to PENDING with the next series.
    this.addSql(`
      alter table webhook_events
        add column delivery_series integer not null default 0 check (delivery_series >= 0),
        add column delivered_at timestamptz null`);
    this.addSql('create index webhook_events_type_index on webhook_events (event_type, created_at desc)');
    this.addSql(`
      create table webhook_attempts (
        id text primary key check (id ~ '^wha_[0-9A-HJKMNP-TV-Z]{26}$'),
        event_id text not null references webhook_events (id) on delete cascade,
        series integer not null check (series >= 1),
        number integer not null check (number between 1 and 5),
        attempted_at timestamptz not null,
        status_code integer null,
        duration_ms integer not null check (duration_ms >= 0),
        error text null,
        response_excerpt text null check (octet_length(response_excerpt) <= 1024),
        constraint webhook_attempts_unique unique (event_id, series, number)
      )`);
  }

  override down(): void {
    this.addSql('drop table webhook_attempts');
    this.addSql(`
      alter table webhook_events
        drop column delivery_series, drop column delivered_at`);
  }
}
