import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: payment_providers (unqualified: runs in each tenant schema). */
export class CreatePaymentProviders extends Migration {
  override name = '20261122160000_create_payment_providers';

  override up(): void {
    // `sealed_credentials` is one AES-256-GCM blob (infra/crypto/secret-box) of the provider's credential object;
    // `credential_hints` holds only masked forms (prefix and last 4) so reads never need the key.
    this.addSql(`
      create table payment_providers (
        id text primary key check (id ~ '^pp_[0-9A-HJKMNP-TV-Z]{26}$'),
        provider text not null check (provider in ('STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA')),
        name text null,
        is_default boolean not null default false,
        supported_currencies jsonb not null default '[]' check (jsonb_typeof(supported_currencies) = 'array'),
        api_base_url text null,
        sealed_credentials text not null check (sealed_credentials like 'v1.%'),
        credential_hints jsonb not null check (jsonb_typeof(credential_hints) = 'object'),
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    // One configuration per provider per tenant; at most one default.
    this.addSql('create unique index payment_providers_provider_unique on payment_providers (provider)');
    this.addSql(
      'create unique index payment_providers_default_unique on payment_providers (is_default) where is_default',
    );
    this.addSql('create index payment_providers_created_at_index on payment_providers (created_at desc, id desc)');
  }

  override down(): void {
    this.addSql('drop table payment_providers');
  }
}
