import { Migration } from '@mikro-orm/migrations';

/**
 * Balance alerts and automatic top-ups. On `wallets`, what the wallet has told so that each crossing is told once:
 * `low_balance_alerted` and `depleted_alerted` are set when `wallet.low_balance` / `wallet.depleted` is recorded and
 * cleared once the ongoing balance is back above; `threshold_top_up_fired` is set when the THRESHOLD rule fires and
 * cleared once the ongoing credits are back above its threshold, and `threshold_top_ups` counts its firings (the n of
 * its firing key). They change only under the wallet's row lock, in the transaction that records what they say.
 *
 * `wallet_top_ups`: one row per firing of a rule, keyed `INTERVAL:<interval>:<n>` (the n-th interval after the
 * wallet's creation) or `THRESHOLD:<n>` (the n-th fall), inserted in the top-up's own transaction: the primary key
 * makes a firing top up once, whatever retries or restarts replay it. `invoice_id` is the purchase invoice of its paid
 * credits; `checkout_requested_at` is set once its checkout was asked for (or found needless).
 */
export class AddWalletAlertsAndTopUps extends Migration {
  override name = '20261206100000_add_wallet_alerts_and_top_ups';

  override up(): void {
    this.addSql(`
      alter table wallets
        add column low_balance_alerted boolean not null default false,
        add column depleted_alerted boolean not null default false,
        add column threshold_top_up_fired boolean not null default false,
        add column threshold_top_ups integer not null default 0 check (threshold_top_ups >= 0)`);
    this.addSql(`
      create table wallet_top_ups (
        wallet_id text not null references wallets (id),
        firing_key text not null check (firing_key ~ '^(INTERVAL:[A-Z]+|THRESHOLD):[1-9][0-9]*$'),
        trigger text not null check (trigger in ('INTERVAL', 'THRESHOLD')),
        invoice_id text null references invoices (id),
        checkout_requested_at timestamptz null,
        created_at timestamptz not null default now(),
        primary key (wallet_id, firing_key)
      )`);
    // The paid top-ups whose checkout is still to be asked for.
    this.addSql(`
      create index wallet_top_ups_checkout_index on wallet_top_ups (wallet_id)
        where invoice_id is not null and checkout_requested_at is null`);
  }

  override down(): void {
    this.addSql('drop table wallet_top_ups');
    this.addSql(`
      alter table wallets
        drop column low_balance_alerted,
        drop column depleted_alerted,
        drop column threshold_top_up_fired,
        drop column threshold_top_ups`);
  }
}
