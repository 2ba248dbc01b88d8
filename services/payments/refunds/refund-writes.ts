import type { CurrencyCode } from '../../../domain/money';
import type { RefundStatus } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import { REFUND_COLUMNS, toRefundRecord, type RefundRecord, type RefundRow, type RefundSql } from './refund-records';

/**
 * What `applyRefundOutcome` writes on a PENDING refund, or on a SUCCEEDED one the provider failed after all (which
 * keeps when it had succeeded).
 */
export async function settleRefundRow(
  sql: RefundSql,
  transaction: SqlTransaction,
  change: {
    refundId: string;
    status: Exclude<RefundStatus, 'PENDING'>;
    providerRefundId: string | null;
    failureReason: string | null;
    now: Date;
  },
): Promise<RefundRecord> {
  const succeeded = change.status === 'SUCCEEDED';
  const row = await sql.oneOrFail<RefundRow>(
    `update ${sql.table('refunds')}
        set status = ?, provider_refund_id = coalesce(?, provider_refund_id), failure_reason = ?,
            succeeded_at = coalesce(?, succeeded_at), failed_at = ?, updated_at = ?
      where id = ? returning ${REFUND_COLUMNS}`,
    [
      change.status,
      change.providerRefundId,
      succeeded ? null : change.failureReason,
      succeeded ? change.now : null,
      succeeded ? null : change.now,
      change.now,
      change.refundId,
    ],
    transaction,
  );
  return toRefundRecord(row);
}

/** A PENDING refund the provider accepted without settling it yet: its id at the provider, for the notification. */
export async function recordProviderRefundId(
  sql: RefundSql,
  change: { refundId: string; providerRefundId: string; now: Date },
): Promise<RefundRecord | undefined> {
  const row = await sql.one<RefundRow>(
    `update ${sql.table('refunds')} set provider_refund_id = ?, updated_at = ?
      where id = ? and status = 'PENDING' and provider_refund_id is null returning ${REFUND_COLUMNS}`,
    [change.providerRefundId, change.now, change.refundId],
  );
  return row === undefined ? undefined : toRefundRecord(row);
}

export async function insertPendingRefund(
  sql: RefundSql,
  transaction: SqlTransaction,
  refund: {
    id: string;
    paymentId: string;
    amountMinor: bigint;
    /** What of it the payment's unused customer credit gives back (taken back in the same transaction). */
    creditMinor: bigint;
    currency: CurrencyCode;
    reason: string | null;
    createCreditNote: boolean;
    now: Date;
    /** The idempotent request that makes it (see `findRefundOfRequest`). */
    requestKey?: string | undefined;
  },
): Promise<RefundRecord> {
  const row = await sql.oneOrFail<RefundRow>(
    `insert into ${sql.table('refunds')} (id, payment_id, amount_minor, credit_minor, currency, reason, status,
       create_credit_note, created_at, updated_at, request_key)
     values (?, ?, ?::bigint, ?::bigint, ?, ?, 'PENDING', ?, ?, ?, ?) returning ${REFUND_COLUMNS}`,
    [
      refund.id,
      refund.paymentId,
      refund.amountMinor.toString(),
      refund.creditMinor.toString(),
      refund.currency,
      refund.reason,
      refund.createCreditNote,
      refund.now,
      refund.now,
      refund.requestKey ?? null,
    ],
    transaction,
  );
  return toRefundRecord(row);
}

/** After the credit note step: the note made, or why none was. */
export async function recordRefundCreditNote(
  sql: RefundSql,
  change: { refundId: string; creditNoteId: string | null; skippedReason: string | null; now: Date },
): Promise<void> {
  await sql.query(
    `update ${sql.table('refunds')} set credit_note_id = ?, credit_note_skipped_reason = ?, updated_at = ?
      where id = ?`,
    [change.creditNoteId, change.skippedReason, change.now, change.refundId],
  );
}
