import { Migration } from '@mikro-orm/migrations';

/**
 * The reference-to-tenant index of inbound provider notifications (CONTRACT §11): a provider posts to one public URL
 * per provider, with the reference we gave it; this one table finds the tenant and payment without scanning tenant
 * schemas. The reference is the payment id (a ULID: unique across tenants). A row is written in the transaction that
 * creates the provider payment.
 */
export class CreatePaymentReferences extends Migration {
  override name = '20261128100000_create_payment_references';

  override up(): void {
    this.addSql(`
      create table central.payment_references (
        reference text primary key,
        tenant_id text not null references central.tenants (id) on delete cascade,
        payment_id text not null,
        provider text not null check (provider in ('STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA')),
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index payment_references_tenant_index on central.payment_references (tenant_id)');
  }

  override down(): void {
    this.addSql('drop table central.payment_references');
  }
}
