import { Migration } from '@mikro-orm/migrations';

/**
 * Tenant tables of the billing core: subscriptions, invoices and their lines, payments, credit notes, the customer
 * credit ledger and the event outbox. Money is an integer count of minor units (CONTRACT §5) in `*_minor` columns.
 */
export class CreateSubscriptionsAndInvoices extends Migration {
  override name = '20261122190000_create_subscriptions_and_invoices';

  override up(): void {
    this.createSubscriptions();
    this.createInvoices();
    this.createPayments();
    this.createCreditNotes();
    this.createOutbox();
  }

  override down(): void {
    for (const table of [
      'webhook_events',
      'customer_credit_entries',
      'credit_note_items',
      'credit_notes',
      'payments',
      'invoice_lines',
      'invoices',
      'subscriptions',
    ]) {
      this.addSql(`drop table ${table}`);
    }
  }

  private createSubscriptions(): void {
    // The subscription workflow is the only writer of the lifecycle columns; the API writes the row once (with
    // `workflow_started_at` null) and `metadata` after. `billing_anchor` fixes the anniversary calendar: the start,
    // or the trial end, or the resume instant.
    this.addSql(`
      create table subscriptions (
        id text primary key check (id ~ '^sub_[0-9A-HJKMNP-TV-Z]{26}$'),
        customer_id text not null references customers (id),
        plan_id text not null references plans (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        status text not null check (status in ('TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE', 'CANCELED')),
        external_id text null,
        metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
        start_date timestamptz not null,
        billing_anchor timestamptz not null,
        trial_start timestamptz null,
        trial_end timestamptz null,
        current_period_start timestamptz null,
        current_period_end timestamptz null,
        cancel_at timestamptz null,
        canceled_at timestamptz null,
        paused_at timestamptz null,
        pending_plan_id text null references plans (id),
        applied_coupon_id text null references applied_coupons (id),
        workflow_started_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql(
      'create unique index subscriptions_external_id_unique on subscriptions (external_id) where external_id is not null',
    );
    this.addSql('create index subscriptions_created_at_index on subscriptions (created_at desc, id desc)');
    this.addSql('create index subscriptions_customer_index on subscriptions (customer_id, status)');
    this.addSql('create index subscriptions_plan_index on subscriptions (plan_id, currency)');
    // The repair loop looks for rows whose workflow was never started.
    this.addSql(
      'create index subscriptions_unstarted_index on subscriptions (created_at) where workflow_started_at is null',
    );
  }

  private createInvoices(): void {
    // `idempotency_key` makes a generated invoice exactly-once however often its activity is retried
    // (e.g. `<subscriptionId>:period:<start>:base`). Totals are stored and always equal the sum of the lines.
    this.addSql(`
      create table invoices (
        id text primary key check (id ~ '^inv_[0-9A-HJKMNP-TV-Z]{26}$'),
        number text null,
        status text not null check (status in ('DRAFT', 'OPEN', 'PAID', 'VOIDED', 'UNCOLLECTIBLE')),
        customer_id text not null references customers (id),
        subscription_id text null references subscriptions (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        subtotal_minor bigint not null default 0,
        discount_minor bigint not null default 0 check (discount_minor >= 0),
        tax_minor bigint not null default 0 check (tax_minor >= 0),
        total_minor bigint not null default 0,
        amount_credited_minor bigint not null default 0 check (amount_credited_minor >= 0),
        amount_paid_minor bigint not null default 0 check (amount_paid_minor >= 0),
        amount_due_minor bigint not null default 0,
        issued_at timestamptz null,
        due_date timestamptz null,
        paid_at timestamptz null,
        voided_at timestamptz null,
        finalize_after timestamptz null,
        metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
        idempotency_key text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint invoices_number_unique unique (number),
        constraint invoices_idempotency_key_unique unique (idempotency_key)
      )`);
    this.addSql('create index invoices_created_at_index on invoices (created_at desc, id desc)');
    this.addSql('create index invoices_customer_index on invoices (customer_id, status)');
    this.addSql('create index invoices_subscription_index on invoices (subscription_id)');
    // `unit_amount` is an exact decimal in major units: usage unit prices carry up to 12 decimals (CONTRACT §5).
    this.addSql(`
      create table invoice_lines (
        id text primary key check (id ~ '^il_[0-9A-HJKMNP-TV-Z]{26}$'),
        invoice_id text not null references invoices (id) on delete cascade,
        position integer not null,
        type text not null check (type in ('SUBSCRIPTION', 'PRORATION', 'USAGE', 'ADD_ON', 'MANUAL')),
        description text not null,
        quantity numeric not null,
        unit_amount numeric not null,
        amount_minor bigint not null,
        period_start timestamptz null,
        period_end timestamptz null,
        constraint invoice_lines_position_unique unique (invoice_id, position)
      )`);
  }

  private createPayments(): void {
    this.addSql(`
      create table payments (
        id text primary key check (id ~ '^pay_[0-9A-HJKMNP-TV-Z]{26}$'),
        invoice_id text not null references invoices (id),
        customer_id text not null references customers (id),
        amount_minor bigint not null check (amount_minor > 0),
        amount_refunded_minor bigint not null default 0 check (amount_refunded_minor >= 0),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        provider text not null check (provider in ('STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA', 'MANUAL')),
        status text not null
          check (status in ('PENDING', 'SUCCEEDED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED')),
        provider_reference text null,
        failure_reason text null,
        metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index payments_created_at_index on payments (created_at desc, id desc)');
    this.addSql('create index payments_invoice_index on payments (invoice_id)');
    this.addSql('create index payments_customer_index on payments (customer_id)');
  }

  private createCreditNotes(): void {
    this.addSql(`
      create table credit_notes (
        id text primary key check (id ~ '^cn_[0-9A-HJKMNP-TV-Z]{26}$'),
        number text null,
        invoice_id text not null references invoices (id),
        customer_id text not null references customers (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        reason text not null check (reason in ('DUPLICATE', 'PRODUCT_UNSATISFACTORY', 'ORDER_CHANGE', 'OTHER')),
        description text null,
        amount_minor bigint not null check (amount_minor > 0),
        status text not null check (status in ('DRAFT', 'FINALIZED', 'VOIDED')),
        issued_at timestamptz null,
        voided_at timestamptz null,
        idempotency_key text null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        constraint credit_notes_number_unique unique (number),
        constraint credit_notes_idempotency_key_unique unique (idempotency_key)
      )`);
    this.addSql('create index credit_notes_created_at_index on credit_notes (created_at desc, id desc)');
    this.addSql('create index credit_notes_invoice_index on credit_notes (invoice_id, status)');
    this.addSql('create index credit_notes_customer_index on credit_notes (customer_id)');
    this.addSql(`
      create table credit_note_items (
        credit_note_id text not null references credit_notes (id) on delete cascade,
        position integer not null,
        description text not null,
        amount_minor bigint not null check (amount_minor > 0),
        primary key (credit_note_id, position)
      )`);
    // Customer credit: a finalized credit note on a PAID invoice grants (+), a later invoice consumes (-), a voided
    // credit note takes back what is left of its grant (-). The balance per currency is the sum.
    this.addSql(`
      create table customer_credit_entries (
        id bigint generated always as identity primary key,
        customer_id text not null references customers (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        amount_minor bigint not null check (amount_minor <> 0),
        credit_note_id text null references credit_notes (id),
        invoice_id text null references invoices (id),
        created_at timestamptz not null default now()
      )`);
    this.addSql(
      'create index customer_credit_entries_customer_index on customer_credit_entries (customer_id, currency)',
    );
  }

  private createOutbox(): void {
    // The outbox (SPEC §6.2 events): written in the same transaction as the change it reports; `dispatched_at` is
    // set once its delivery workflow has been started (the outbound webhooks issue delivers and records attempts).
    this.addSql(`
      create table webhook_events (
        id text primary key check (id ~ '^whe_[0-9A-HJKMNP-TV-Z]{26}$'),
        event_type text not null,
        data jsonb not null check (jsonb_typeof(data) = 'object'),
        status text not null default 'PENDING' check (status in ('PENDING', 'DELIVERED', 'FAILED', 'SKIPPED')),
        occurred_at timestamptz not null,
        dispatched_at timestamptz null,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index webhook_events_created_at_index on webhook_events (created_at desc, id desc)');
    this.addSql(
      'create index webhook_events_undispatched_index on webhook_events (created_at) where dispatched_at is null',
    );
  }
}
