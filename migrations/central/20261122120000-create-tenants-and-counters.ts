import { Migration } from '@mikro-orm/migrations';

/**
 * The cross-tenant tables. Qualified with `central.` on purpose: this set only ever runs against the central schema,
 * and a reader should not have to know the search_path to see where a table lands.
 */
export class CreateTenantsAndCounters extends Migration {
  override name = '20261122120000_create_tenants_and_counters';

  override up(): void {
    this.addSql(`
      create table central.tenants (
        id text primary key check (id ~ '^ten_[0-9A-HJKMNP-TV-Z]{26}$'),
        name text not null,
        company_name text not null,
        slug text not null,
        email text not null,
        password_hash text not null,
        is_active boolean not null default true,
        webhook_url text null,
        webhook_signing_secret text not null,
        settings jsonb not null default '{}' check (jsonb_typeof(settings) = 'object'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint tenants_slug_unique unique (slug)
      )`);
    // Logins compare e-mails case-insensitively, so uniqueness must too.
    this.addSql('create unique index tenants_email_lower_unique on central.tenants (lower(email))');
    // Gapless per-tenant sequences (invoice and credit note numbers): incremented with an upsert inside the
    // transaction that uses the number, so a rollback gives the number back. A PostgreSQL sequence would leave gaps.
    this.addSql(`
      create table central.counters (
        tenant_id text not null references central.tenants (id) on delete cascade,
        name text not null,
        value bigint not null default 0 check (value >= 0),
        primary key (tenant_id, name)
      )`);
  }

  override down(): void {
    this.addSql('drop table central.counters');
    this.addSql('drop table central.tenants');
  }
}
