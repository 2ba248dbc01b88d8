import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import type { RefundStatus } from '../../../domain/payments';
import type { SqlParam, SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

export interface RefundRecord {
  id: string;
  paymentId: string;
  amountMinor: bigint;
  /** What of the amount was taken back from the payment's unused customer credit; the rest had paid its invoice. */
  creditMinor: bigint;
  currency: CurrencyCode;
  reason: string | null;
  status: RefundStatus;
  /** The provider's id of the refund (Stripe `re_…`, Paystack refund id, M-Pesa reversal ConversationID). */
  providerRefundId: string | null;
  failureReason: string | null;
  createCreditNote: boolean;
  creditNoteId: string | null;
  /** Why no credit note was made although one was asked for (the invoice was not PAID, the cap was reached). */
  creditNoteSkippedReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  succeededAt: Date | null;
  failedAt: Date | null;
}

export interface RefundRow {
  id: string;
  payment_id: string;
  amount_minor: string | number | bigint;
  credit_minor: string | number | bigint;
  currency: string;
  reason: string | null;
  status: RefundStatus;
  provider_refund_id: string | null;
  failure_reason: string | null;
  create_credit_note: boolean;
  credit_note_id: string | null;
  credit_note_skipped_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  succeeded_at: Date | string | null;
  failed_at: Date | string | null;
}

/**
 * Any of the tenant's tables: a refund locks and updates its payment, writes the outbox, reads the provider
 * configuration and hands the same SQL to the credit notes it books.
 */
export type RefundSql = TenantSql;

export const REFUND_COLUMNS =
  'id, payment_id, amount_minor, credit_minor, currency, reason, status, provider_refund_id, failure_reason, create_credit_note, ' +
  'credit_note_id, credit_note_skipped_reason, created_at, updated_at, succeeded_at, failed_at';

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function toRefundRecord(row: RefundRow): RefundRecord {
  return {
    id: row.id,
    paymentId: row.payment_id,
    amountMinor: BigInt(row.amount_minor),
    creditMinor: BigInt(row.credit_minor),
    currency: toCurrencyCode(row.currency.trim()),
    reason: row.reason,
    status: row.status,
    providerRefundId: row.provider_refund_id,
    failureReason: row.failure_reason,
    createCreditNote: row.create_credit_note,
    creditNoteId: row.credit_note_id,
    creditNoteSkippedReason: row.credit_note_skipped_reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    succeededAt: dateOrNull(row.succeeded_at),
    failedAt: dateOrNull(row.failed_at),
  };
}

export async function findRefund(
  sql: RefundSql,
  refundId: string,
  options: { transaction?: SqlTransaction; lock?: boolean } = {},
): Promise<RefundRecord | undefined> {
  const row = await sql.one<RefundRow>(
    `select ${REFUND_COLUMNS} from ${sql.table('refunds')} where id = ?${options.lock === true ? ' for update' : ''}`,
    [refundId],
    options.transaction,
  );
  return row === undefined ? undefined : toRefundRecord(row);
}

/** The refund of `paymentId` the provider knows as `providerRefundId` (notifications that do not echo our id). */
export async function findRefundByProviderId(
  sql: RefundSql,
  lookup: { paymentId: string; providerRefundId: string },
  transaction?: SqlTransaction,
): Promise<RefundRecord | undefined> {
  const row = await sql.one<RefundRow>(
    `select ${REFUND_COLUMNS} from ${sql.table('refunds')} where payment_id = ? and provider_refund_id = ?
      order by created_at, id limit 1`,
    [lookup.paymentId, lookup.providerRefundId],
    transaction,
  );
  return row === undefined ? undefined : toRefundRecord(row);
}

/** The PENDING refunds of `paymentId`, oldest first (a payment has a handful at most). */
export async function listPendingRefunds(sql: RefundSql, paymentId: string): Promise<RefundRecord[]> {
  const rows = await sql.query<RefundRow>(
    `select ${REFUND_COLUMNS} from ${sql.table('refunds')}
      where payment_id = ? and status = 'PENDING' order by created_at, id`,
    [paymentId],
  );
  return rows.map(toRefundRecord);
}

/**
 * The refunds of every payment of a page, oldest first per payment, in one statement (a page of 100 payments is one
 * query, not 100). Payments without refunds are absent from the map.
 */
export async function listRefundsOfPayments(
  sql: RefundSql,
  paymentIds: readonly string[],
): Promise<Map<string, RefundRecord[]>> {
  const byPayment = new Map<string, RefundRecord[]>();
  if (paymentIds.length === 0) return byPayment;
  // One text parameter split in SQL: raw SQL takes scalars only (an array would be expanded into a list).
  const rows = await sql.query<RefundRow>(
    `select ${REFUND_COLUMNS} from ${sql.table('refunds')}
      where payment_id = any(string_to_array(?, ','))
      order by payment_id, created_at, id`,
    [paymentIds.join(',')] satisfies SqlParam[],
  );
  for (const row of rows) {
    const refund = toRefundRecord(row);
    const list = byPayment.get(refund.paymentId);
    if (list === undefined) byPayment.set(refund.paymentId, [refund]);
    else list.push(refund);
  }
  return byPayment;
}
