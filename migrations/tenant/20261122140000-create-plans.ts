import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: plans and plan_prices (unqualified: runs in each tenant schema). */
export class CreatePlans extends Migration {
  override name = '20261122140000_create_plans';

  override up(): void {
    // `id text primary key`: charges (issue 4) and subscriptions (issue 5) reference plans(id).
    this.addSql(`
      create table plans (
        id text primary key check (id ~ '^plan_[0-9A-HJKMNP-TV-Z]{26}$'),
        name text not null,
        code text not null check (code ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
        description text null,
        billing_interval text not null check (billing_interval in ('MONTHLY', 'QUARTERLY', 'YEARLY', 'WEEKLY')),
        billing_timing text not null default 'IN_ADVANCE' check (billing_timing in ('IN_ADVANCE', 'IN_ARREARS')),
        trial_days integer not null default 0 check (trial_days between 0 and 730),
        net_payment_terms integer null check (net_payment_terms between 0 and 365),
        invoice_grace_period_days integer null check (invoice_grace_period_days between 0 and 365),
        features jsonb not null default '[]' check (jsonb_typeof(features) = 'array'),
        is_active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // A plan code is unique per tenant (one schema per tenant); 409 plan_code_taken names this index.
    this.addSql('create unique index plans_code_unique on plans (code)');
    // Lists are newest first (CONTRACT §4), optionally filtered on is_active.
    this.addSql('create index plans_created_at_index on plans (created_at desc, id desc)');
    // Money is an integer count of the currency's minor units (CONTRACT §5), never a float.
    this.addSql(`
      create table plan_prices (
        id text primary key check (id ~ '^price_[0-9A-HJKMNP-TV-Z]{26}$'),
        plan_id text not null references plans (id) on delete cascade,
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        amount_minor bigint not null check (amount_minor >= 0),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // One price per currency on a plan (CONTRACT §7); 409 plan_price_currency_taken names this index.
    this.addSql('create unique index plan_prices_plan_currency_unique on plan_prices (plan_id, currency)');
  }

  override down(): void {
    this.addSql('drop table plan_prices');
    this.addSql('drop table plans');
  }
}
