import type { CurrencyCode } from '../../../domain/money';
import type { ProviderKind } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { recordCustomerEvent } from '../../catalog/customers';
import { PAYMENT_COLUMNS, toPaymentRecord, type PaymentRecord, type PaymentRow } from './payment-records';
import { countPaymentEnd } from './payment-metrics';
import { paymentEventData } from './payment-view';

/** A provider payment's writes touch its row, its outbound events and nothing else of the tenant. */
export type ProviderPaymentSql = TenantSql<'payments' | 'customers' | 'webhook_events'>;

export interface NewProviderPayment {
  id: string;
  invoiceId: string;
  customerId: string;
  amountMinor: bigint;
  currency: CurrencyCode;
  provider: ProviderKind;
  providerId: string;
  expiresAt: Date;
  phoneNumber: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
  callbackTokenHash: string | null;
  now: Date;
}

/**
 * A PENDING provider payment and its row in `central.payment_references`, in the caller's transaction: the inbound
 * notification finds the tenant by that row, so the two exist together or not at all.
 */
export async function insertPendingPayment(
  sql: ProviderPaymentSql,
  transaction: SqlTransaction,
  payment: NewProviderPayment,
): Promise<PaymentRecord> {
  const row = await sql.oneOrFail<PaymentRow>(
    `insert into ${sql.table('payments')} (id, invoice_id, customer_id, amount_minor, currency,
       requested_amount_minor, requested_currency, provider, status, provider_id, expires_at, phone_number,
       success_url, cancel_url, callback_token_hash, created_at, updated_at)
     values (?, ?, ?, ?::bigint, ?, ?::bigint, ?, ?, 'PENDING', ?, ?, ?, ?, ?, ?, ?, ?) returning ${PAYMENT_COLUMNS}`,
    [
      payment.id,
      payment.invoiceId,
      payment.customerId,
      payment.amountMinor.toString(),
      payment.currency,
      payment.amountMinor.toString(),
      payment.currency,
      payment.provider,
      payment.providerId,
      payment.expiresAt,
      payment.phoneNumber,
      payment.successUrl,
      payment.cancelUrl,
      payment.callbackTokenHash,
      payment.now,
      payment.now,
    ],
    transaction,
  );
  await sql.query(
    `insert into central.payment_references (reference, tenant_id, payment_id, provider, created_at)
     values (?, ?, ?, ?, ?)`,
    [payment.id, sql.tenantId, payment.id, payment.provider, payment.now],
    transaction,
  );
  return toPaymentRecord(row);
}

/** The invoice's provider payment still open at `now` (PENDING, not expired); the caller holds the invoice locked. */
export async function findOpenProviderPayment(
  sql: ProviderPaymentSql,
  transaction: SqlTransaction | undefined,
  request: { invoiceId: string; now: Date },
): Promise<PaymentRecord | undefined> {
  const row = await sql.one<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from ${sql.table('payments')}
      where invoice_id = ? and status = 'PENDING' and provider <> 'MANUAL' and expires_at > ?
      order by created_at desc limit 1`,
    [request.invoiceId, request.now],
    transaction,
  );
  return row === undefined ? undefined : toPaymentRecord(row);
}

/** The checkout the provider created; written only while the payment is still PENDING (a canceled one keeps none). */
export async function recordPaymentCheckout(
  sql: ProviderPaymentSql,
  checkout: {
    paymentId: string;
    checkoutUrl: string | null;
    providerCheckoutId: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<PaymentRecord | undefined> {
  const row = await sql.one<PaymentRow>(
    `update ${sql.table('payments')}
        set checkout_url = ?, provider_checkout_id = ?, expires_at = ?, updated_at = ?
      where id = ? and status = 'PENDING' returning ${PAYMENT_COLUMNS}`,
    [checkout.checkoutUrl, checkout.providerCheckoutId, checkout.expiresAt, checkout.now, checkout.paymentId],
  );
  return row === undefined ? undefined : toPaymentRecord(row);
}

export interface PaymentFailure {
  paymentId: string;
  reason: string;
  now: Date;
  /** `payment.failed` is sent for a failure the payer or provider caused, never for an expired or canceled checkout. */
  notify: boolean;
}

/**
 * PENDING → FAILED with its reason. Only a PENDING payment fails: a SUCCEEDED one stays paid (a success beats a
 * failure whatever their order), a FAILED one keeps its first reason. Undefined when nothing changed.
 */
export async function failProviderPayment(
  sql: ProviderPaymentSql,
  transaction: SqlTransaction,
  failure: PaymentFailure,
): Promise<PaymentRecord | undefined> {
  const row = await sql.one<PaymentRow>(
    `update ${sql.table('payments')}
        set status = 'FAILED', failure_reason = ?, failed_at = ?, updated_at = ?
      where id = ? and status = 'PENDING' returning ${PAYMENT_COLUMNS}`,
    [failure.reason, failure.now, failure.now, failure.paymentId],
    transaction,
  );
  if (row === undefined) return undefined;
  const failed = toPaymentRecord(row);
  // Failures nobody is told of are checkouts that ran out of time.
  await countPaymentEnd(transaction, failed, failure.notify ? 'failed' : 'expired');
  if (failure.notify) {
    await recordCustomerEvent(sql, transaction, {
      type: 'payment.failed',
      customerId: failed.customerId,
      data: paymentEventData(failed),
      occurredAt: failure.now,
    });
  }
  return failed;
}

/**
 * Mark-paid and void end the invoice's open checkouts (CONTRACT §11): FAILED with `canceled`, in the caller's
 * transaction; the ids of those payments, whose provider checkouts are then ended. No `payment.failed`: nobody's
 * payment failed. A payer who still pays one is credited (settlement).
 */
export async function cancelOpenProviderPayments(
  sql: ProviderPaymentSql,
  transaction: SqlTransaction,
  request: { invoiceId: string; now: Date },
): Promise<string[]> {
  const rows = await sql.query<{ id: string; provider: PaymentRecord['provider'] }>(
    `update ${sql.table('payments')}
        set status = 'FAILED', failure_reason = 'canceled', failed_at = ?, updated_at = ?
      where invoice_id = ? and status = 'PENDING' and provider <> 'MANUAL' returning id, provider`,
    [request.now, request.now, request.invoiceId],
    transaction,
  );
  for (const row of rows) await countPaymentEnd(transaction, row, 'canceled');
  return rows.map((row) => row.id);
}

/** The payment row locked for the rest of the transaction: settlement, failure and every refund writer serialise on it. */
export async function lockPayment(
  sql: ProviderPaymentSql,
  transaction: SqlTransaction,
  paymentId: string,
): Promise<PaymentRecord | undefined> {
  const row = await sql.one<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from ${sql.table('payments')} where id = ? for update`,
    [paymentId],
    transaction,
  );
  return row === undefined ? undefined : toPaymentRecord(row);
}
