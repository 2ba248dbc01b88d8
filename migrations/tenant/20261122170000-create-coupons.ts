import { Migration } from '@mikro-orm/migrations';

/** Tenant tables: coupons and applied_coupons (unqualified: runs in each tenant schema). */
export class CreateCoupons extends Migration {
  override name = '20261122170000_create_coupons';

  override up(): void {
    // Discount terms are checked here too, so a row can never be both or neither kind (the API 400s first).
    // Percentages carry up to 4 decimals (CONTRACT §5); fixed amounts are integer minor units of `currency`.
    // `deleted_at`: a coupon that was applied is soft-deleted so its applied coupons keep their terms.
    this.addSql(`
      create table coupons (
        id text primary key check (id ~ '^cpn_[0-9A-HJKMNP-TV-Z]{26}$'),
        code text not null check (code ~ '^[A-Z0-9][A-Z0-9_-]{0,63}$'),
        name text not null,
        description text null,
        discount_type text not null check (discount_type in ('PERCENTAGE', 'FIXED_AMOUNT')),
        percentage numeric(7, 4) null check (percentage > 0 and percentage <= 100),
        amount_minor bigint null check (amount_minor > 0),
        currency char(3) null check (currency ~ '^[A-Z]{3}$'),
        frequency text not null check (frequency in ('ONCE', 'RECURRING', 'FOREVER')),
        frequency_duration integer null check (frequency_duration >= 1),
        expires_at timestamptz null,
        max_redemptions integer null check (max_redemptions >= 1),
        redemptions integer not null default 0 check (redemptions >= 0),
        plan_ids jsonb not null default '[]' check (jsonb_typeof(plan_ids) = 'array'),
        is_active boolean not null default true,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        deleted_at timestamptz null,
        check (
          (discount_type = 'PERCENTAGE' and percentage is not null and amount_minor is null and currency is null)
          or (discount_type = 'FIXED_AMOUNT' and percentage is null and amount_minor is not null and currency is not null)
        ),
        check ((frequency = 'RECURRING') = (frequency_duration is not null)),
        check (max_redemptions is null or redemptions <= max_redemptions)
      )`);
    // Codes are stored upper case, so this is case-insensitive; a deleted coupon frees its code (409 names the index).
    this.addSql('create unique index coupons_code_unique on coupons (code) where deleted_at is null');
    this.addSql('create index coupons_created_at_index on coupons (created_at desc, id desc) where deleted_at is null');
    this.addSql(`
      create table applied_coupons (
        id text primary key check (id ~ '^acpn_[0-9A-HJKMNP-TV-Z]{26}$'),
        coupon_id text not null references coupons (id),
        customer_id text not null references customers (id),
        status text not null default 'ACTIVE' check (status in ('ACTIVE', 'TERMINATED')),
        remaining_periods integer null check (remaining_periods >= 0),
        created_at timestamptz not null default now(),
        terminated_at timestamptz null,
        check ((status = 'TERMINATED') = (terminated_at is not null))
      )`);
    // A coupon is applied at most once at a time to a customer, even under concurrent applies.
    this.addSql(`
      create unique index applied_coupons_active_unique on applied_coupons (coupon_id, customer_id)
        where status = 'ACTIVE'`);
    this.addSql('create index applied_coupons_customer_index on applied_coupons (customer_id)');
  }

  override down(): void {
    this.addSql('drop table applied_coupons');
    this.addSql('drop table coupons');
  }
}
