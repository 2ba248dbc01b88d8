import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { TopUpTrigger } from '../../../domain/wallets';

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
