import { Migration } from '@mikro-orm/migrations';

/**
 * A running idempotent request holds its key by a lease that its process renews: `lease_owner` is the holder's
 * random token, `lease_expires_at` when the key is free to be taken over by a repeat of the same request (the holder
 * died). Rows claimed before this migration have no lease; they count as lapsed once older than a lease.
 */
export class AddIdempotencyKeyLeases extends Migration {
  override name = '20261129110000_add_idempotency_key_leases';

  override up(): void {
    this.addSql(`
      alter table central.idempotency_keys
        add column lease_owner text null,
        add column lease_expires_at timestamptz null`);
  }

  override down(): void {
    this.addSql(`
      alter table central.idempotency_keys
        drop column lease_owner,
        drop column lease_expires_at`);
  }
}
