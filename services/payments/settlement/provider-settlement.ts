import { COLLECTING_STATUSES } from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import { allocatePayment } from '../../../domain/payments';
import type { SqlTransaction } from '../../../infra/db/sql';
import { grantCustomerCredit } from '../../catalog/customer-credit';
import { applyPaymentToInvoice, lockInvoice, type InvoiceRecord, type InvoiceSql } from '../../billing/invoices';
import {
  failProviderPayment,
  findPaymentInvoiceId,
  lockPayment,
  recordConfirmedPayment,
  recordPaymentSucceeded,
  type PaymentRecord,
} from '../records';
import { noteStandingChange } from '../../billing/subscriptions';

/** A success the provider's verification API confirmed, as the payment workflow hands it over. */
export interface VerifiedProviderPayment {
  paymentId: string;
  amountMinor: bigint;
  currency: CurrencyCode;
  providerReference: string;
  now: Date;
}

export type SettlementOutcome =
  | {
      outcome: 'applied';
      payment: PaymentRecord;
      /** What went to the invoice's amount paid; the rest of the payment became customer credit. */
      appliedMinor: bigint;
      creditedMinor: bigint;
      /** The invoice became PAID now. */
      invoicePaid: boolean;
      invoiceId: string;
      subscriptionId: string | null;
    }
  /** Already SUCCEEDED (or refunded since): a webhook and a poll both reporting it, or a retried activity. */
  | { outcome: 'already_settled'; payment: PaymentRecord }
  /** The provider confirmed a success that took no money: nothing to apply, the payment failed with why. */
  | { outcome: 'mismatch'; reason: string }
  | { outcome: 'not_found' };

const SETTLED: readonly string[] = ['SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED'];

/**
 * Applies a confirmed provider payment to its invoice in one transaction. Lock order is the invoice, then the payment,
 * then the customer (credit), as every invoice change takes them, so a concurrent mark-paid, void or second
 * settlement waits and then sees this one's result: a payment is applied once. The payment records what the provider
 * took, whatever was asked: it pays the invoice as far as it is due (less leaves the rest due), and what the invoice
 * does not need (all of it when it is no longer OPEN or UNCOLLECTIBLE, or when the money came in another currency)
 * becomes customer credit owned by the payment, so a refund of the payment can take it back.
 */
export async function settleProviderPayment(
  sql: InvoiceSql,
  verified: VerifiedProviderPayment,
): Promise<SettlementOutcome> {
  const invoiceId = await findPaymentInvoiceId(sql, verified.paymentId);
  if (invoiceId === undefined) return { outcome: 'not_found' };
  return sql.transactional(async (transaction): Promise<SettlementOutcome> => {
    const invoice = await lockInvoice(sql, transaction, invoiceId);
    const payment = await lockPayment(sql, transaction, verified.paymentId);
    if (invoice === undefined || payment === undefined) return { outcome: 'not_found' };
    if (SETTLED.includes(payment.status)) {
      // A report again (a webhook and a poll, or an activity retried after its commit): the standing is announced
      // again, since a process that died after the first commit never told it.
      await noteStandingChange(sql, transaction, { subscriptionId: invoice.subscriptionId, now: verified.now });
      return { outcome: 'already_settled', payment };
    }
    if (verified.amountMinor <= 0n) {
      const reason = `nothing_captured: the provider confirmed ${verified.amountMinor} ${verified.currency} (minor units)`;
      await failProviderPayment(sql, transaction, { paymentId: payment.id, reason, now: verified.now, notify: true });
      return { outcome: 'mismatch', reason };
    }
    const applied = await applyToInvoice(sql, transaction, { invoice, payment, verified });
    return {
      outcome: 'applied',
      ...applied,
      invoiceId: invoice.id,
      subscriptionId: invoice.subscriptionId,
    };
  });
}

/**
 * The payment SUCCEEDED as confirmed, `payment.succeeded`, the invoice paid as far as the money goes (`invoice.paid`
 * when covered), and the rest granted as the payment's customer credit.
 */
async function applyToInvoice(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  target: { invoice: InvoiceRecord; payment: PaymentRecord; verified: VerifiedProviderPayment },
): Promise<{ payment: PaymentRecord; appliedMinor: bigint; creditedMinor: bigint; invoicePaid: boolean }> {
  const { invoice, verified } = target;
  const now = verified.now;
  const { appliedMinor, creditedMinor } = allocatePayment({
    amountMinor: verified.amountMinor,
    dueMinor: COLLECTING_STATUSES.includes(invoice.status) ? invoice.amountDueMinor : 0n,
    sameCurrency: verified.currency === invoice.currency,
  });
  const payment = await recordConfirmedPayment(sql, transaction, {
    paymentId: target.payment.id,
    providerReference: verified.providerReference,
    amountMinor: verified.amountMinor,
    currency: verified.currency,
    appliedMinor,
    now,
  });
  await recordPaymentSucceeded(sql, transaction, { payment, now });
  const invoicePaid =
    appliedMinor > 0n &&
    (await applyPaymentToInvoice(sql, transaction, { invoice, amountMinor: appliedMinor, now })).paid;
  if (creditedMinor > 0n) {
    await grantCustomerCredit(sql, transaction, {
      customerId: invoice.customerId,
      currency: verified.currency,
      amountMinor: creditedMinor,
      invoiceId: invoice.id,
      paymentId: payment.id,
    });
  }
  return { payment, appliedMinor, creditedMinor, invoicePaid };
}
