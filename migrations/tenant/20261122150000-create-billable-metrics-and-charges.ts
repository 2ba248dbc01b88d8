import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: billable_metrics and charges (unqualified: runs in each tenant schema). */
export class CreateBillableMetricsAndCharges extends Migration {
  override name = '20261122150000_create_billable_metrics_and_charges';

  override up(): void {
    this.addSql(`
      create table billable_metrics (
        id text primary key check (id ~ '^bm_[0-9A-HJKMNP-TV-Z]{26}$'),
        name text not null,
        code text not null check (code ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
        description text null,
        aggregation_type text not null
          check (aggregation_type in ('COUNT', 'SUM', 'MAX', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM')),
        field_name text null,
        recurring boolean not null default false,
        filters jsonb not null default '[]' check (jsonb_typeof(filters) = 'array'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint billable_metrics_code_unique unique (code),
        check (aggregation_type = 'COUNT' or field_name is not null),
        check (not recurring or aggregation_type in ('SUM', 'UNIQUE_COUNT', 'WEIGHTED_SUM'))
      )`);
    this.addSql('create index billable_metrics_created_at_index on billable_metrics (created_at desc, id desc)');
    // A charge is part of its plan: deleting the plan (a hard delete) deletes its charges. A metric in use cannot be
    // deleted (409 billable_metric_in_use; the foreign key is the backstop).
    // Model parameters live in `properties` (jsonb) with every amount as an exact decimal string ("0.000125"): a plan
    // has several currencies, so amounts cannot be stored in minor units of one.
    this.addSql(`
      create table charges (
        id text primary key check (id ~ '^chg_[0-9A-HJKMNP-TV-Z]{26}$'),
        plan_id text not null references plans (id) on delete cascade,
        billable_metric_id text not null references billable_metrics (id),
        charge_model text not null check (charge_model in ('STANDARD', 'GRADUATED', 'VOLUME', 'PACKAGE', 'PERCENTAGE')),
        billing_timing text not null default 'IN_ARREARS' check (billing_timing in ('IN_ARREARS', 'IN_ADVANCE')),
        invoice_display_name text null,
        min_amount numeric null check (min_amount >= 0),
        properties jsonb not null check (jsonb_typeof(properties) = 'object'),
        filters jsonb not null default '[]' check (jsonb_typeof(filters) = 'array'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint charges_plan_metric_unique unique (plan_id, billable_metric_id)
      )`);
    this.addSql('create index charges_billable_metric_id_index on charges (billable_metric_id)');
    this.addSql('create index charges_created_at_index on charges (created_at desc, id desc)');
  }

  override down(): void {
    this.addSql('drop table charges');
    this.addSql('drop table billable_metrics');
  }
}
