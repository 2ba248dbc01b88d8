import { Migration } from '@mikro-orm/migrations';

/**
 * Payments through providers (issue 17, CONTRACT §11): the checkout a payment workflow asked its provider for, the
 * provider notifications received for it (each stored once by the provider's event id, kept 90 days), and refunds.
 */
export class AddProviderPayments extends Migration {
  override name = '20261128100000_add_provider_payments';

  override up(): void {
    // `provider_id` names the configuration used; no foreign key, a deleted configuration leaves its history.
    // `callback_token_hash` is the SHA-256 of the secret in the callback URL (M-Pesa has no signature); the token
    // itself is never stored. `provider_checkout_id` is the provider's id of the checkout (Stripe session,
    // M-Pesa CheckoutRequestID); `provider_reference` stays the captured payment's id that refunds name.
    this.addSql(`
      alter table payments
        add column provider_id text null,
        add column checkout_url text null,
        add column expires_at timestamptz null,
        add column succeeded_at timestamptz null,
        add column failed_at timestamptz null,
        add column provider_checkout_id text null,
        add column callback_token_hash text null,
        add column phone_number text null,
        add column success_url text null,
        add column cancel_url text null`);
    this.addSql("create index payments_pending_invoice_index on payments (invoice_id) where status = 'PENDING'");
    this.addSql(`
      create table payment_events (
        provider text not null check (provider in ('STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA')),
        event_id text not null,
        payment_id text not null references payments (id),
        type text not null,
        payload jsonb not null,
        received_at timestamptz not null,
        primary key (provider, event_id)
      )`);
    this.addSql('create index payment_events_payment_index on payment_events (payment_id, received_at)');
    this.addSql('create index payment_events_received_index on payment_events (received_at)');
    this.addSql(`
      create table refunds (
        id text primary key check (id ~ '^re_[0-9A-HJKMNP-TV-Z]{26}$'),
        payment_id text not null references payments (id),
        amount_minor bigint not null check (amount_minor > 0),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        reason text null,
        status text not null check (status in ('PENDING', 'SUCCEEDED', 'FAILED')),
        provider_refund_id text null,
        failure_reason text null,
        create_credit_note boolean not null default false,
        credit_note_id text null references credit_notes (id),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        succeeded_at timestamptz null,
        failed_at timestamptz null
      )`);
    this.addSql('create index refunds_payment_index on refunds (payment_id, created_at)');
  }

  override down(): void {
    this.addSql('drop table refunds');
    this.addSql('drop table payment_events');
    this.addSql('drop index payments_pending_invoice_index');
    this.addSql(`
      alter table payments
        drop column provider_id, drop column checkout_url, drop column expires_at, drop column succeeded_at,
        drop column failed_at, drop column provider_checkout_id, drop column callback_token_hash,
        drop column phone_number, drop column success_url, drop column cancel_url`);
  }
}
