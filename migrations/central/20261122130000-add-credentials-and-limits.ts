import { Migration } from '@mikro-orm/migrations';

/**
 * Credentials and counters that must be found before the tenant is known (an API key, a refresh token) or that
 * every API process shares (rate-limit windows), so they live in the central schema.
 */
export class AddCredentialsAndLimits extends Migration {
  override name = '20261122130000_add_credentials_and_limits';

  override up(): void {
    this.addSql(`
      alter table central.tenants
        add column rate_limit_per_minute integer null check (rate_limit_per_minute > 0),
        add column smtp_settings jsonb null check (smtp_settings is null or jsonb_typeof(smtp_settings) = 'object'),
        add column previous_webhook_signing_secret text null,
        add column webhook_secret_rotated_at timestamptz null,
        add column credentials_changed_at timestamptz null`);
    this.addSql(`
      create table central.api_keys (
        id text primary key check (id ~ '^key_[0-9A-HJKMNP-TV-Z]{26}$'),
        tenant_id text not null references central.tenants (id) on delete cascade,
        name text not null,
        scopes jsonb not null check (jsonb_typeof(scopes) = 'array'),
        prefix text not null,
        key_hash text not null,
        created_at timestamptz not null default now(),
        last_used_at timestamptz null,
        expires_at timestamptz null,
        revoked_at timestamptz null,
        constraint api_keys_key_hash_unique unique (key_hash)
      )`);
    this.addSql('create index api_keys_tenant_created_index on central.api_keys (tenant_id, created_at desc, id desc)');
    // One row per refresh token issued; a login is a family. Presenting a used token revokes its whole family.
    this.addSql(`
      create table central.refresh_tokens (
        jti text primary key,
        tenant_id text not null references central.tenants (id) on delete cascade,
        family_id text not null,
        issued_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null,
        revoked_at timestamptz null
      )`);
    this.addSql('create index refresh_tokens_family_index on central.refresh_tokens (family_id)');
    this.addSql('create index refresh_tokens_tenant_index on central.refresh_tokens (tenant_id)');
    this.addSql(`
      create table central.password_resets (
        jti text primary key,
        tenant_id text not null references central.tenants (id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz null
      )`);
    // Fixed one-minute windows per bucket (a tenant, a client IP, an IP and e-mail pair), shared by every process.
    this.addSql(`
      create table central.rate_limit_windows (
        bucket text not null,
        window_start timestamptz not null,
        hits integer not null default 0,
        primary key (bucket, window_start)
      )`);
    this.addSql('create index rate_limit_windows_start_index on central.rate_limit_windows (window_start)');
    // Authenticated requests per tenant and calendar month (UTC), for GET /tenants/me/usage.
    this.addSql(`
      create table central.request_counts (
        tenant_id text not null references central.tenants (id) on delete cascade,
        month date not null,
        count bigint not null default 0,
        primary key (tenant_id, month)
      )`);
  }

  override down(): void {
    this.addSql('drop table central.request_counts');
    this.addSql('drop table central.rate_limit_windows');
    this.addSql('drop table central.password_resets');
    this.addSql('drop table central.refresh_tokens');
    this.addSql('drop table central.api_keys');
    this.addSql(`
      alter table central.tenants
        drop column credentials_changed_at,
        drop column webhook_secret_rotated_at,
        drop column previous_webhook_signing_secret,
        drop column smtp_settings,
        drop column rate_limit_per_minute`);
  }
}
