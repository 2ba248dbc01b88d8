import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { CreditUnits, TopUpTrigger } from '../../../domain/wallets';

/** `wallet_top_ups`: one row per firing of a rule (see the migration that made it). */
export type TopUpSql = TenantSql<'wallet_top_ups'>;

/** One firing of a rule: `INTERVAL:<interval>:<n>` or `THRESHOLD:<n>`. */
export interface TopUpFiring {
  walletId: string;
  key: string;
  trigger: TopUpTrigger;
}

/**
 * Claims the firing, in the transaction of its top-up: true the first time, false when a top-up for it committed
 * already (a retried activity, a replayed timer). Call with the wallet locked, so that the claim and the top-up commit
 * or roll back together and a concurrent claim waits for the first.
 */
export async function claimTopUpFiring(
  sql: TopUpSql,
  transaction: SqlTransaction,
  firing: TopUpFiring & { now: Date },
): Promise<boolean> {
  const rows = await sql.query<{ firing_key: string }>(
    `insert into ${sql.table('wallet_top_ups')} (wallet_id, firing_key, trigger, created_at) values (?, ?, ?, ?)
     on conflict (wallet_id, firing_key) do nothing returning firing_key`,
    [firing.walletId, firing.key, firing.trigger, firing.now],
    transaction,
  );
  return rows.length > 0;
}

/** The purchase invoice of the firing's paid credits: its checkout is then owed (`listOwedCheckouts`). */
export async function recordFiringInvoice(
  sql: TopUpSql,
  transaction: SqlTransaction,
  input: { walletId: string; key: string; invoiceId: string },
): Promise<void> {
  await sql.query(
    `update ${sql.table('wallet_top_ups')} set invoice_id = ? where wallet_id = ? and firing_key = ?`,
    [input.invoiceId, input.walletId, input.key],
    transaction,
  );
}

/** The purchase invoices of the wallet's paid top-ups whose checkout was not yet asked for, oldest first. */
export async function listOwedCheckouts(sql: TopUpSql, walletId: string): Promise<string[]> {
  const rows = await sql.query<{ invoice_id: string }>(
    `select invoice_id from ${sql.table('wallet_top_ups')}
      where wallet_id = ? and invoice_id is not null and checkout_requested_at is null
      order by created_at, firing_key`,
    [walletId],
  );
  return rows.map((row) => row.invoice_id);
}

/** The checkout of a paid top-up's invoice was asked for (or found needless): it is owed no more. */
export async function markCheckoutRequested(
  sql: TopUpSql,
  input: { walletId: string; invoiceId: string; now: Date },
): Promise<void> {
  await sql.query(
    `update ${sql.table('wallet_top_ups')} set checkout_requested_at = ?
      where wallet_id = ? and invoice_id = ? and checkout_requested_at is null`,
    [input.now, input.walletId, input.invoiceId],
  );
}

/** A firing whose paid credits are decided and whose purchase invoice is still to be issued. */
export interface OwedPurchase extends TopUpFiring {
  paidCredits: CreditUnits;
}

/**
 * The firing's paid credits, to be sold on a purchase invoice issued after the firing's transaction commits
 * (`lockOwedPurchases`): the firing stays claimed, so whatever retries it buys them once.
 */
export async function recordOwedPurchase(
  sql: TopUpSql,
  transaction: SqlTransaction,
  input: { walletId: string; key: string; paidCredits: CreditUnits },
): Promise<void> {
  await sql.query(
    `update ${sql.table('wallet_top_ups')} set paid_credits = ? where wallet_id = ? and firing_key = ?`,
    [input.paidCredits, input.walletId, input.key],
    transaction,
  );
}

/**
 * The wallet's firings that still owe their purchase invoice, oldest first, locked until the transaction ends: a
 * concurrent issuer waits, then finds them issued.
 */
export async function lockOwedPurchases(
  sql: TopUpSql,
  transaction: SqlTransaction,
  walletId: string,
): Promise<OwedPurchase[]> {
  const rows = await sql.query<{ firing_key: string; trigger: TopUpTrigger; paid_credits: string }>(
    `select firing_key, trigger, paid_credits::text as paid_credits from ${sql.table('wallet_top_ups')}
      where wallet_id = ? and paid_credits is not null and invoice_id is null
      order by created_at, firing_key
        for update`,
    [walletId],
    transaction,
  );
  return rows.map((row) => ({
    walletId,
    key: row.firing_key,
    trigger: row.trigger,
    paidCredits: BigInt(row.paid_credits),
  }));
}

/** The wallet ended before the firing's invoice was issued: it sold nothing and owes nothing. */
export async function dropOwedPurchase(sql: TopUpSql, transaction: SqlTransaction, firing: TopUpFiring): Promise<void> {
  await sql.query(
    `update ${sql.table('wallet_top_ups')} set paid_credits = null
      where wallet_id = ? and firing_key = ? and invoice_id is null`,
    [firing.walletId, firing.key],
    transaction,
  );
}

/** A THRESHOLD firing still owes its purchase invoice: as a PENDING purchase, no new firing meanwhile. */
export async function owesThresholdPurchase(
  sql: TopUpSql,
  transaction: SqlTransaction,
  walletId: string,
): Promise<boolean> {
  const row = await sql.one<{ owed: boolean }>(
    `select exists (
       select 1 from ${sql.table('wallet_top_ups')}
        where wallet_id = ? and trigger = 'THRESHOLD' and paid_credits is not null and invoice_id is null
     ) as owed`,
    [walletId],
    transaction,
  );
  return row?.owed === true;
}
