import { Migration } from '@mikro-orm/migrations';

/**
 * The wallets, of every tenant, whose workflow (`wallet:<tenantId>:<walletId>`, the expiry timer) is owed a wake-up:
 * started for a new wallet, told of a moved expiry or of a termination. A row goes in with the change (same
 * transaction) and out once the workflow has been signalled, so a change committed while Temporal is down, or by a
 * process that died before signalling, reaches its workflow when the worker's loop finds the row. `version` grows
 * with each change recorded on the row: a sender clears only the version it read before signalling, never a change
 * that committed after.
 *
 * The backfill owes every wallet already ACTIVE its workflow (same schema-name rule in SQL as the pending dunning
 * starts' backfill: a landed migration must not change with the code).
 */
export class CreatePendingWalletWakes extends Migration {
  override name = '20261202100000_create_pending_wallet_wakes';

  override up(): void {
    this.addSql(`
      create table central.pending_wallet_wakes (
        tenant_id text not null references central.tenants (id) on delete cascade,
        wallet_id text not null,
        version bigint not null default 1,
        requested_at timestamptz not null default now(),
        primary key (tenant_id, wallet_id)
      )`);
    this.addSql('create index pending_wallet_wakes_requested_index on central.pending_wallet_wakes (requested_at)');
    this.addSql(`
      do $backfill$
      declare
        tenant record;
      begin
        for tenant in
          select t.id, n.nspname as schema
            from central.tenants t
            join pg_namespace n on n.nspname = 'tenant_' || lower(substr(t.id, 5))
            join pg_class c on c.relnamespace = n.oid and c.relname = 'wallets' and c.relkind = 'r'
        loop
          execute format(
            'insert into central.pending_wallet_wakes (tenant_id, wallet_id)
               select %L, id from %I.wallets where status = ''ACTIVE''
             on conflict do nothing',
            tenant.id, tenant.schema);
        end loop;
      end
      $backfill$`);
  }

  override down(): void {
    this.addSql('drop table central.pending_wallet_wakes');
  }
}
