import type { CurrencyCode } from '../../../domain/money';
import type { SqlTransaction } from '../../../infra/db/sql';
import { drawFromLots, giveBackToLots, lockCustomer, openLots, type CustomerCreditSql } from './credit-lots';

/** The payment's credit no invoice has used and no refund has taken back yet, with the customer locked. */
export async function unusedPaymentCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  owner: { customerId: string; paymentId: string },
): Promise<bigint> {
  await lockCustomer(sql, transaction, owner.customerId);
  const lots = await openLots(sql, transaction, { where: 'g.payment_id = ?', params: [owner.paymentId] });
  return lots.reduce((sum, lot) => sum + lot.unusedMinor, 0n);
}

/**
 * A refund takes back up to `maxMinor` of its payment's unused credit (oldest lot first), so that credit can no
 * longer pay an invoice once the money went back to the payer. Returns what it took.
 */
export async function takeBackPaymentCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  take: { customerId: string; currency: CurrencyCode; paymentId: string; refundId: string; maxMinor: bigint },
): Promise<bigint> {
  if (take.maxMinor <= 0n) return 0n;
  await lockCustomer(sql, transaction, take.customerId);
  const lots = await openLots(sql, transaction, { where: 'g.payment_id = ?', params: [take.paymentId] });
  return drawFromLots(sql, transaction, {
    lots,
    maxMinor: take.maxMinor,
    entryFor: (lotId, amountMinor) => ({
      kind: 'refund',
      customerId: take.customerId,
      currency: take.currency,
      amountMinor,
      lotId,
      refundId: take.refundId,
    }),
  });
}

/** A refund that failed (or failed after succeeding) gives its payment's credit back to the lots it took it from. */
export async function returnRefundedCredit(
  sql: CustomerCreditSql,
  transaction: SqlTransaction,
  owner: { customerId: string; currency: CurrencyCode; refundId: string },
): Promise<bigint> {
  await lockCustomer(sql, transaction, owner.customerId);
  return giveBackToLots(sql, transaction, {
    column: 'refund_id',
    value: owner.refundId,
    taking: 'refund',
    giving: 'unrefund',
    entryFor: (lotId, amountMinor) => ({ ...owner, kind: 'unrefund', amountMinor, lotId }),
  });
}
