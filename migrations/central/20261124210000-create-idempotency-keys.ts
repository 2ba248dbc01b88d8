import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotent POSTs (CONTRACT §15): one row per API key and `Idempotency-Key`, claimed before the request runs
 * (`status` null while it runs) and completed with the response it gave. Rows older than 24 h are expired: the key
 * then starts a new request. Central, not per tenant: the key belongs to the API key, and the row goes with it.
 */
export class CreateIdempotencyKeys extends Migration {
  override name = '20261124210000_create_idempotency_keys';

  override up(): void {
    this.addSql(`
      create table central.idempotency_keys (
        api_key_id text not null references central.api_keys (id) on delete cascade,
        idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
        fingerprint text not null,
        created_at timestamptz not null default now(),
        response_status integer null,
        response_body text null,
        completed_at timestamptz null,
        primary key (api_key_id, idempotency_key)
      )`);
    this.addSql('create index idempotency_keys_created_index on central.idempotency_keys (created_at)');
  }

  override down(): void {
    this.addSql('drop table central.idempotency_keys');
  }
}
