import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: add_ons, add_on_prices and applied_add_ons (unqualified: runs in each tenant schema). */
export class CreateAddOns extends Migration {
  override name = '20261122180000_create_add_ons';

  override up(): void {
    // Soft delete: applied add-ons (and, with issue 5, invoice lines) keep pointing at the add-on's row.
    this.addSql(`
      create table add_ons (
        id text primary key check (id ~ '^aon_[0-9A-HJKMNP-TV-Z]{26}$'),
        name text not null,
        code text not null check (code ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
        description text null,
        type text not null check (type in ('ONE_TIME', 'RECURRING')),
        invoice_display_name text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz null
      )`);
    // A code is unique among the tenant's live add-ons; 409 add_on_code_taken names this index.
    this.addSql('create unique index add_ons_code_unique on add_ons (code) where deleted_at is null');
    // Lists are newest first (CONTRACT §4).
    this.addSql('create index add_ons_created_at_index on add_ons (created_at desc, id desc) where deleted_at is null');
    // One price per currency (the primary key); money is an integer count of minor units (CONTRACT §5).
    this.addSql(`
      create table add_on_prices (
        add_on_id text not null references add_ons (id) on delete cascade,
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        amount_minor bigint not null check (amount_minor >= 0),
        position integer not null,
        primary key (add_on_id, currency)
      )`);
    // The amount and currency are fixed when the add-on is applied: a later price change does not reprice it.
    this.addSql(`
      create table applied_add_ons (
        id text primary key check (id ~ '^aaon_[0-9A-HJKMNP-TV-Z]{26}$'),
        add_on_id text not null references add_ons (id),
        customer_id text not null references customers (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        amount_minor bigint not null check (amount_minor >= 0),
        quantity integer not null check (quantity >= 1),
        status text not null default 'PENDING' check (status in ('PENDING', 'INVOICED', 'REMOVED')),
        created_at timestamptz not null default now(),
        invoiced_at timestamptz null,
        removed_at timestamptz null
      )`);
    this.addSql('create index applied_add_ons_created_at_index on applied_add_ons (created_at desc, id desc)');
    this.addSql('create index applied_add_ons_customer_index on applied_add_ons (customer_id, status)');
    // DELETE /add-ons/:id looks for PENDING applied add-ons of the add-on.
    this.addSql('create index applied_add_ons_add_on_index on applied_add_ons (add_on_id, status)');
  }

  override down(): void {
    this.addSql('drop table applied_add_ons');
    this.addSql('drop table add_on_prices');
    this.addSql('drop table add_ons');
  }
}
