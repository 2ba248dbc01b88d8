import { Migration } from '@mikro-orm/migrations';

/**
 * The subscriptions whose workflow has not been started yet, across every tenant (issue 15): the repair loop that
 * every API process runs reads this one table instead of scanning each tenant schema, so its cost follows the
 * pending work, not the tenant count. A row is inserted in the transaction that inserts the subscription and
 * deleted in the statement that records the workflow's start; while it stays, repair retries.
 *
 * The backfill copies every existing subscription still waiting (`workflow_started_at is null`). It spells the
 * schema rule of `infra/db/tenant-schema.ts` (`ten_<ULID>` -> `tenant_<ulid>`) in SQL: a landed migration must not
 * change with the code, and one statement keeps the table and its contents in the migration's transaction.
 */
export class CreatePendingSubscriptionStarts extends Migration {
  override name = '20261126100000_create_pending_subscription_starts';

  override up(): void {
    this.addSql(`
      create table central.pending_subscription_starts (
        tenant_id text not null references central.tenants (id) on delete cascade,
        subscription_id text not null,
        created_at timestamptz not null default now(),
        primary key (tenant_id, subscription_id)
      )`);
    this.addSql(
      'create index pending_subscription_starts_created_index on central.pending_subscription_starts (created_at)',
    );
    this.addSql(`
      do $backfill$
      declare
        tenant record;
      begin
        for tenant in
          select t.id, n.nspname as schema
            from central.tenants t
            join pg_namespace n on n.nspname = 'tenant_' || lower(substr(t.id, 5))
            join pg_class c on c.relnamespace = n.oid and c.relname = 'subscriptions' and c.relkind = 'r'
        loop
          execute format(
            'insert into central.pending_subscription_starts (tenant_id, subscription_id, created_at)
               select %L, id, created_at from %I.subscriptions where workflow_started_at is null
             on conflict do nothing',
            tenant.id, tenant.schema);
        end loop;
      end
      $backfill$`);
  }

  override down(): void {
    this.addSql('drop table central.pending_subscription_starts');
  }
}
