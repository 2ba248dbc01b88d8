import { Migration } from '@mikro-orm/migrations';

/**
 * The SANDBOX provider's own books: the platform serves a small stand-in provider API (under /sandbox) so payments
 * can be tried without any provider account. Its checkouts and refunds are the provider's state, not a tenant's
 * (a real provider keeps them on its side), so they live in the central schema, each row naming its tenant and the
 * provider configuration that created it. `reference` is our payment id, as a real provider carries it.
 */
export class CreateSandboxCheckouts extends Migration {
  override name = '20261209100000_create_sandbox_checkouts';

  override up(): void {
    this.addSql(`
      alter table central.payment_references
        drop constraint payment_references_provider_check,
        add constraint payment_references_provider_check
          check (provider in ('STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA', 'SANDBOX'))`);
    this.addSql(`
      create table central.sandbox_checkouts (
        id text primary key,
        tenant_id text not null references central.tenants (id) on delete cascade,
        provider_id text not null,
        reference text not null,
        amount_minor bigint not null check (amount_minor > 0),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        description text not null,
        status text not null check (status in ('OPEN', 'PAID', 'DECLINED', 'EXPIRED')),
        callback_url text not null,
        success_url text null,
        cancel_url text null,
        expires_at timestamptz not null,
        created_at timestamptz not null,
        completed_at timestamptz null,
        unique (tenant_id, reference)
      )`);
    this.addSql(`
      create table central.sandbox_refunds (
        id text primary key,
        checkout_id text not null references central.sandbox_checkouts (id) on delete cascade,
        refund_reference text not null,
        amount_minor bigint not null check (amount_minor > 0),
        currency char(3) not null,
        status text not null check (status in ('SUCCEEDED', 'FAILED')),
        created_at timestamptz not null,
        unique (checkout_id, refund_reference)
      )`);
  }

  override down(): void {
    this.addSql('drop table central.sandbox_refunds');
    this.addSql('drop table central.sandbox_checkouts');
    this.addSql(`
      alter table central.payment_references
        drop constraint payment_references_provider_check,
        add constraint payment_references_provider_check
          check (provider in ('STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA'))`);
  }
}
