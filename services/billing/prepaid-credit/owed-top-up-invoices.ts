import type { Orm } from '../../../infra/db/orm';
import type { SqlTransaction } from '../../../infra/db/sql';
import { tenantSql, tenantSqlWithin } from '../../../infra/db/tenant-sql';
import { dropOwedPurchase, lockOwedPurchases, lockWallet, oweBalanceCheck } from '../wallets';
import { sellFiringCredits, type TopUpWalletSql } from './top-up-credits';

/**
 * Issues the purchase invoices the wallet's top-up firings still owe (a THRESHOLD firing a balance check recorded),
 * in one transaction of its own holding the wallet's lock and the firings' rows: each firing's paid credits are sold
 * on their invoice (`sellCredits`) and the invoice noted on the firing, so a retry, a concurrent issuer or the
 * wallet's workflow finds nothing owed and issues nothing twice; a crash before the commit leaves the firing owed,
 * for the next issuer. The wallet's workflow is then woken for the checkouts. A firing whose wallet ended meanwhile
 * sells nothing. Returns the invoices issued.
 */
export async function issueOwedTopUpInvoices(
  orm: Orm,
  input: { tenantId: string; walletId: string; now: Date },
): Promise<string[]> {
  return tenantSql(orm, input.tenantId).transactional(async (transaction) =>
    issueOwedTopUpInvoicesWithin(tenantSqlWithin(orm, input.tenantId, transaction), transaction, input),
  );
}

/** As `issueOwedTopUpInvoices`, in the caller's transaction. */
export async function issueOwedTopUpInvoicesWithin(
  sql: TopUpWalletSql,
  transaction: SqlTransaction,
  input: { walletId: string; now: Date },
): Promise<string[]> {
  const wallet = await lockWallet(sql, transaction, input.walletId);
  if (wallet === undefined) return [];
  const owed = await lockOwedPurchases(sql, transaction, wallet.id);
  const issued: string[] = [];
  for (const firing of owed) {
    if (wallet.status !== 'ACTIVE') {
      await dropOwedPurchase(sql, transaction, firing);
      continue;
    }
    const invoiceId = await sellFiringCredits(sql, transaction, {
      wallet,
      firing,
      paidCredits: firing.paidCredits,
      now: input.now,
    });
    if (invoiceId !== null) issued.push(invoiceId);
  }
  if (issued.length > 0) await oweBalanceCheck(sql, transaction, wallet);
  return issued;
}
