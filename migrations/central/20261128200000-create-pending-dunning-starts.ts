import { Migration } from '@mikro-orm/migrations';

/**
 * The invoices, of every tenant, whose dunning workflow (CONTRACT §12) is not yet known to be started. A row goes in
 * with the finalize that makes the invoice OPEN (same transaction) and out once the workflow start is confirmed, so
 * no OPEN invoice is left without its dunning when a process dies between the commit and the start; the worker's
 * starter finds all its work in one indexed read, whatever the number of tenants.
 *
 * The backfill gives every invoice already OPEN with a due date its dunning (same schema-name rule in SQL as the
 * pending subscription starts' backfill: a landed migration must not change with the code).
 */
export class CreatePendingDunningStarts extends Migration {
  override name = '20261128200000_create_pending_dunning_starts';

  override up(): void {
    this.addSql(`
      create table central.pending_dunning_starts (
        tenant_id text not null references central.tenants (id) on delete cascade,
        invoice_id text not null,
        created_at timestamptz not null default now(),
        primary key (tenant_id, invoice_id)
      )`);
    this.addSql('create index pending_dunning_starts_created_index on central.pending_dunning_starts (created_at)');
    this.addSql(`
      do $backfill$
      declare
        tenant record;
      begin
        for tenant in
          select t.id, n.nspname as schema
            from central.tenants t
            join pg_namespace n on n.nspname = 'tenant_' || lower(substr(t.id, 5))
            join pg_class c on c.relnamespace = n.oid and c.relname = 'invoices' and c.relkind = 'r'
        loop
          execute format(
            'insert into central.pending_dunning_starts (tenant_id, invoice_id)
               select %L, id from %I.invoices where status = ''OPEN'' and due_date is not null
             on conflict do nothing',
            tenant.id, tenant.schema);
        end loop;
      end
      $backfill$`);
  }

  override down(): void {
    this.addSql('drop table central.pending_dunning_starts');
  }
}
