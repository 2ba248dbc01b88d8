import type { CurrencyCode } from '../../../domain/money';
import { statusAfterRefund } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { countPaymentEnd } from './payment-metrics';
import { PAYMENT_COLUMNS, toPaymentRecord, type PaymentRecord, type PaymentRow } from './payment-records';

/**
 * FAILED or PENDING → SUCCEEDED (a later success beats an earlier failure) with the money as the provider confirmed
 * it: amount and currency as taken, whatever was asked, and the part of it that pays the invoice. The caller holds
 * the row locked.
 */
export async function recordConfirmedPayment(
  sql: TenantSql<'payments'>,
  transaction: SqlTransaction,
  success: {
    paymentId: string;
    providerReference: string;
    amountMinor: bigint;
    currency: CurrencyCode;
    appliedMinor: bigint;
    now: Date;
  },
): Promise<PaymentRecord> {
  const row = await sql.oneOrFail<PaymentRow>(
    `update ${sql.table('payments')}
        set status = 'SUCCEEDED', succeeded_at = ?, provider_reference = ?, failure_reason = null, failed_at = null,
            requested_amount_minor = coalesce(requested_amount_minor, amount_minor),
            requested_currency = coalesce(requested_currency, currency),
            amount_minor = ?::bigint, currency = ?, amount_applied_minor = ?::bigint, updated_at = ?
      where id = ? returning ${PAYMENT_COLUMNS}`,
    [
      success.now,
      success.providerReference,
      success.amountMinor.toString(),
      success.currency,
      success.appliedMinor.toString(),
      success.now,
      success.paymentId,
    ],
    transaction,
  );
  const payment = toPaymentRecord(row);
  await countPaymentEnd(transaction, payment, 'succeeded');
  return payment;
}

/**
 * A refund that succeeded (`deltaMinor` > 0) or one that failed after succeeding (< 0) counted on its payment:
 * PARTIALLY_REFUNDED, REFUNDED once all of it went back, SUCCEEDED again when nothing did.
 */
export async function addRefundedAmount(
  sql: TenantSql<'payments'>,
  transaction: SqlTransaction,
  refunded: { payment: PaymentRecord; amountMinor: bigint; now: Date },
): Promise<PaymentRecord> {
  const { payment } = refunded;
  const amountRefundedMinor = payment.amountRefundedMinor + refunded.amountMinor;
  if (amountRefundedMinor < 0n) throw new Error(`payment ${payment.id} would have refunded less than nothing`);
  const row = await sql.oneOrFail<PaymentRow>(
    `update ${sql.table('payments')} set amount_refunded_minor = ?::bigint, status = ?, updated_at = ?
      where id = ? returning ${PAYMENT_COLUMNS}`,
    [
      amountRefundedMinor.toString(),
      statusAfterRefund(payment.amountMinor, amountRefundedMinor),
      refunded.now,
      payment.id,
    ],
    transaction,
  );
  return toPaymentRecord(row);
}

/**
 * Moves money into or out of what the payment pays on its invoice: out when a refund takes it or its voided invoice
 * gives it back as credit, in when such a refund fails. The caller holds the payment row locked.
 */
export async function changeAppliedAmount(
  sql: TenantSql<'payments'>,
  transaction: SqlTransaction,
  change: { paymentId: string; deltaMinor: bigint; now: Date },
): Promise<void> {
  if (change.deltaMinor === 0n) return;
  await sql.query(
    `update ${sql.table('payments')} set amount_applied_minor = amount_applied_minor + ?::bigint, updated_at = ?
      where id = ?`,
    [change.deltaMinor.toString(), change.now, change.paymentId],
    transaction,
  );
}

/** The invoice's payments that still pay some of it, locked (the invoice is locked first by the caller). */
export async function lockPaymentsPayingInvoice(
  sql: TenantSql<'payments'>,
  transaction: SqlTransaction,
  invoiceId: string,
): Promise<PaymentRecord[]> {
  const rows = await sql.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from ${sql.table('payments')}
      where invoice_id = ? and amount_applied_minor > 0 order by created_at, id for update`,
    [invoiceId],
    transaction,
  );
  return rows.map(toPaymentRecord);
}
