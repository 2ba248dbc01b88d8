import { Migration } from '@mikro-orm/migrations';

/**
 * Usage metering (issue 16, CONTRACT §10): the append-only `events` table, the usage segments already billed, and
 * charges moved to IN_ARREARS (the only timing this version bills).
 */
export class CreateUsageEvents extends Migration {
  override name = '20261126140000_create_usage_events';

  override up(): void {
    // Append-only. `seq` is the ingestion order (LATEST breaks timestamp ties by it; a batch's rows take it in input
    // order). No foreign key to subscriptions: ingestion checks the subscription once per batch, and rows are never
    // deleted. `transaction_id` unique per tenant makes concurrent replays store each event once.
    this.addSql(`
      create table events (
        id text primary key check (id ~ '^evt_[0-9A-HJKMNP-TV-Z]{26}$'),
        seq bigint generated always as identity,
        transaction_id text not null check (char_length(transaction_id) between 1 and 255),
        subscription_id text not null,
        customer_id text not null,
        code text not null,
        timestamp timestamptz not null,
        properties jsonb not null default '{}' check (jsonb_typeof(properties) = 'object'),
        created_at timestamptz not null default now(),
        constraint events_transaction_id_unique unique (transaction_id)
      )`);
    // The aggregation reads one subscription's events of one metric code over [start, end).
    this.addSql('create index events_subscription_code_timestamp_index on events (subscription_id, code, timestamp)');
    // GET /events/subscription/:id lists newest first, with or without a code.
    this.addSql(
      'create index events_subscription_timestamp_index on events (subscription_id, timestamp desc, seq desc)',
    );
    // Every usage segment the subscription workflow has closed: [segment_start, segment_end) on the charges of
    // `plan_id`, billed on `invoice_id` (null when the segment billed nothing). An event inside a closed segment is
    // accepted only while that invoice is a DRAFT (its USAGE lines are recomputed at finalize).
    this.addSql(`
      create table usage_segments (
        subscription_id text not null references subscriptions (id),
        segment_start timestamptz not null,
        segment_end timestamptz not null check (segment_end > segment_start),
        plan_id text not null references plans (id),
        invoice_id text null references invoices (id),
        closed_at timestamptz not null default now(),
        primary key (subscription_id, segment_start)
      )`);
    this.addSql(
      'create index usage_segments_invoice_index on usage_segments (invoice_id) where invoice_id is not null',
    );
    // CONTRACT §10: charges are billed in arrears only in this version.
    this.addSql(
      `update charges set billing_timing = 'IN_ARREARS', updated_at = now() where billing_timing <> 'IN_ARREARS'`,
    );
  }

  override down(): void {
    this.addSql('drop table usage_segments');
    this.addSql('drop table events');
  }
}
