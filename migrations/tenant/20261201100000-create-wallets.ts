import { Migration } from '@mikro-orm/migrations';

/**
 * Prepaid wallets and their transactions. Credits are stored as integers of 10^-5 credit (`*_credits`: 12.5 credits
 * is 1250000); money as minor units of the wallet's currency. `credits_balance` is kept in the same transaction as
 * every settled transaction, under the wallet's row lock, and can never go below zero. An INBOUND settled transaction
 * is a lot: `remaining_credits` is what is left of it, taken granted before paid, oldest first, by consumption, voids
 * and expiry; `wallet_transaction_takes` says which lots an OUTBOUND transaction took, so an invoice void puts exactly
 * those credits back.
 */
export class CreateWallets extends Migration {
  override name = '20261201100000_create_wallets';

  override up(): void {
    this.addSql(`
      create table wallets (
        id text primary key check (id ~ '^wal_[0-9A-HJKMNP-TV-Z]{26}$'),
        customer_id text not null references customers (id),
        name text null,
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        rate_amount numeric(40, 12) not null check (rate_amount > 0),
        status text not null default 'ACTIVE' check (status in ('ACTIVE', 'TERMINATED')),
        credits_balance bigint not null default 0 check (credits_balance >= 0),
        consumed_credits bigint not null default 0 check (consumed_credits >= 0),
        expiration_at timestamptz null,
        invoice_requires_successful_payment boolean not null default false,
        low_balance_threshold_credits bigint null check (low_balance_threshold_credits >= 0),
        recurring_top_ups jsonb not null default '[]' check (jsonb_typeof(recurring_top_ups) = 'array'),
        terminated_at timestamptz null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        check ((status = 'TERMINATED') = (terminated_at is not null))
      )`);
    // One ACTIVE wallet per customer, even under concurrent creates (409 names the index).
    this.addSql("create unique index wallets_active_customer_unique on wallets (customer_id) where status = 'ACTIVE'");
    this.addSql('create index wallets_created_at_index on wallets (created_at desc, id desc)');
    this.addSql(`
      create table wallet_transactions (
        id text primary key check (id ~ '^wtx_[0-9A-HJKMNP-TV-Z]{26}$'),
        wallet_id text not null references wallets (id),
        transaction_type text not null check (transaction_type in ('INBOUND', 'OUTBOUND')),
        status text not null check (status in ('PENDING', 'SETTLED', 'FAILED')),
        source text not null check (source in
          ('PURCHASE', 'GRANT', 'VOID', 'INVOICE', 'INVOICE_VOID', 'EXPIRATION', 'TERMINATION')),
        credit_kind text null check (credit_kind in ('GRANTED', 'PAID')),
        credits bigint not null check (credits > 0),
        amount_minor bigint not null check (amount_minor >= 0),
        remaining_credits bigint null check (remaining_credits >= 0 and remaining_credits <= credits),
        invoice_id text null references invoices (id),
        trigger text not null default 'MANUAL' check (trigger in ('MANUAL', 'INTERVAL', 'THRESHOLD')),
        name text null,
        metadata jsonb not null default '{}' check (jsonb_typeof(metadata) = 'object'),
        settled_at timestamptz null,
        created_at timestamptz not null default now(),
        check ((status = 'SETTLED') = (settled_at is not null)),
        check ((transaction_type = 'INBOUND') = (credit_kind is not null)),
        check (remaining_credits is null or (transaction_type = 'INBOUND' and status = 'SETTLED'))
      )`);
    this.addSql(
      'create index wallet_transactions_wallet_index on wallet_transactions (wallet_id, created_at desc, id desc)',
    );
    // The lots still holding credits, in taking order.
    this.addSql(`
      create index wallet_transactions_lots_index on wallet_transactions (wallet_id, credit_kind, settled_at, id)
        where remaining_credits > 0`);
    this.addSql(`
      create table wallet_transaction_takes (
        outbound_id text not null references wallet_transactions (id),
        lot_id text not null references wallet_transactions (id),
        credits bigint not null check (credits > 0),
        primary key (outbound_id, lot_id)
      )`);
  }

  override down(): void {
    this.addSql('drop table wallet_transaction_takes');
    this.addSql('drop table wallet_transactions');
    this.addSql('drop table wallets');
  }
}
