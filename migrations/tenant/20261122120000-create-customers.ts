import { Migration } from '@mikro-orm/migrations';

/**
 * Tenant migrations are unqualified SQL: the migrator sets `search_path` to one tenant schema per run
 * (`migrator.up({ schema })`), so the same statements build every tenant's tables.
 */
export class CreateCustomers extends Migration {
  override name = '20261122120000_create_customers';

  override up(): void {
    this.addSql(`
      create table customers (
        id text primary key check (id ~ '^cust_[0-9A-HJKMNP-TV-Z]{26}$'),
        external_id text not null,
        name text null,
        email text not null,
        country char(2) null check (country ~ '^[A-Z]{2}$'),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        timezone text null,
        net_payment_terms integer null check (net_payment_terms between 0 and 365),
        metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz null
      )`);
    // Soft-deleted customers keep their row (invoices point at it) but free their externalId for reuse.
    this.addSql('create unique index customers_external_id_unique on customers (external_id) where deleted_at is null');
    // Lists are newest first (CONTRACT §4) and skip deleted rows.
    this.addSql(
      'create index customers_created_at_index on customers (created_at desc, id desc) where deleted_at is null',
    );
  }

  override down(): void {
    this.addSql('drop table customers');
  }
}
