import { refundAllowance } from '../../../domain/payments';
import { formatMajorUnits } from '../../../domain/money';
import { newId } from '../../../infra/ids';
import { AppError, conflict, notFound, TransactionRefusal } from '../../platform/errors';
import { requireMajorUnits } from '../../platform/input';
import { GatewayError, type RefundResult } from '../gateways';
import { changeAppliedAmount, findPayment, type PaymentRecord } from '../records';
import { lockPaymentAndInvoice } from './refund-locks';
import { takeBackPaymentCredit, unusedPaymentCredit } from '../../catalog/customer-credit';
import { lockInvoicePurchase, voidPurchasedCredits } from '../../billing/wallets';
import type { SqlTransaction } from '../../../infra/db/sql';
import { bookRefundCreditNote } from './refund-credit-note';
import { refundCallbackUrl, refundChannelOf, type RefundChannel, type RefundGatewayDeps } from './refund-gateway';
import { applyRefundOutcome, settleLockedRefund } from './refund-outcome';
import { findRefund, type RefundRecord, type RefundSql } from './refund-records';
import {
  findRefundOfRequest,
  isEarlierRunRefund,
  mayAskProviderAgain,
  type EarlierRunRefund,
} from './refund-request-key';
import { insertPendingRefund, recordProviderRefundId } from './refund-writes';

export interface NewRefund {
  paymentId: string;
  /** Minor units of the payment's currency; absent (and no `amount`): all that is left to refund. */
  amountMinor?: bigint;
  /** Or major units, as the API takes them, read in the payment's currency (above 0, its decimals at most). */
  amount?: number;
  reason?: string | null;
  createCreditNote?: boolean;
  now: Date;
  /** The idempotent request asking (see `findRefundOfRequest`): a re-run of it continues its refund. */
  requestKey?: string;
}

const REFUNDABLE: ReadonlySet<PaymentRecord['status']> = new Set(['SUCCEEDED', 'PARTIALLY_REFUNDED']);

function refuseState(payment: PaymentRecord): AppError | undefined {
  if (REFUNDABLE.has(payment.status)) return undefined;
  return conflict(
    'invalid_state_transition',
    `Payment ${payment.id} is ${payment.status}; only SUCCEEDED or PARTIALLY_REFUNDED payments can be refunded`,
  );
}

/**
 * What of the money paying the payment's invoice may go back: all of it, but for a credit-purchase invoice only as
 * much as its bought credits still in the wallet are worth. Credits already spent paid other invoices; refunding
 * their money too would give the customer the credits and the money.
 */
async function refundableApplied(sql: RefundSql, transaction: SqlTransaction, payment: PaymentRecord): Promise<bigint> {
  const purchased = await lockInvoicePurchase(sql, transaction, payment.invoiceId);
  if (purchased === undefined) return payment.amountAppliedMinor;
  return purchased.valueMinor < payment.amountAppliedMinor ? purchased.valueMinor : payment.amountAppliedMinor;
}

/**
 * The refund's row, PENDING, under the payment's row lock: concurrent refunds of one payment take the lock in turn,
 * and each takes its money out of the payment's places at once, so together they never pass the captured amount.
 * It takes the payment's unused customer credit first (so no invoice can spend it any more), then what still pays
 * the payment's own invoice (which does not change); credit already spent on other invoices is not refundable. A
 * MANUAL payment's refund is only recorded (money moved outside the platform), so it succeeds in the same transaction.
 */
async function reserveRefund(deps: RefundGatewayDeps, input: NewRefund): Promise<RefundRecord | EarlierRunRefund> {
  const { sql } = deps;
  try {
    return await sql.transactional(async (transaction) => {
      const payment = await lockPaymentAndInvoice(sql, transaction, input.paymentId);
      if (payment === undefined) throw new TransactionRefusal(paymentNotFound(input.paymentId));
      // Reserved by an earlier run between createRefund's look and this lock: no second reservation.
      const earlierRun = await findRefundOfRequest(sql, input.requestKey, transaction);
      if (earlierRun !== undefined) return { earlierRun };
      const refused = refuseState(payment);
      if (refused !== undefined) throw new TransactionRefusal(refused);
      const allowance = refundAllowance({
        appliedMinor: await refundableApplied(sql, transaction, payment),
        unusedCreditMinor: await unusedPaymentCredit(sql, transaction, {
          customerId: payment.customerId,
          paymentId: payment.id,
        }),
        ...(input.amountMinor === undefined ? {} : { askedMinor: input.amountMinor }),
      });
      if (!allowance.ok) {
        throw new TransactionRefusal(exceedsPayment(payment, input.amountMinor, allowance.refundableMinor));
      }
      const refund = await insertPendingRefund(sql, transaction, {
        id: newId('refund'),
        paymentId: payment.id,
        amountMinor: allowance.amountMinor,
        creditMinor: allowance.creditMinor,
        currency: payment.currency,
        reason: input.reason ?? null,
        createCreditNote: input.createCreditNote ?? false,
        now: input.now,
        requestKey: input.requestKey,
      });
      await takeBackPaymentCredit(sql, transaction, {
        customerId: payment.customerId,
        currency: payment.currency,
        paymentId: payment.id,
        refundId: refund.id,
        maxMinor: allowance.creditMinor,
      });
      await changeAppliedAmount(sql, transaction, {
        paymentId: payment.id,
        deltaMinor: -allowance.appliedMinor,
        now: input.now,
      });
      // Money given back for bought wallet credits takes the credits back, reserved with the money.
      await voidPurchasedCredits(sql, transaction, {
        invoiceId: payment.invoiceId,
        amountMinor: allowance.appliedMinor,
        reversal: { refundId: refund.id },
        now: input.now,
      });
      if (payment.provider !== 'MANUAL') return refund;
      const outcome = { outcome: 'succeeded', providerRefundId: null, failureReason: null, now: input.now } as const;
      return settleLockedRefund(sql, transaction, { payment, refund, outcome });
    });
  } catch (error) {
    if (error instanceof TransactionRefusal) throw error.failure as AppError;
    throw error;
  }
}

const paymentNotFound = (id: string): AppError => notFound('payment_not_found', `Payment ${id} not found`);

function exceedsPayment(payment: PaymentRecord, askedMinor: bigint | undefined, refundableMinor: bigint): AppError {
  const money = (amount: bigint) => `${formatMajorUnits({ amount, currency: payment.currency })} ${payment.currency}`;
  const asked = askedMinor !== undefined && askedMinor > 0n ? `, ${money(askedMinor)} was asked` : '';
  return new AppError(
    'conflict',
    'refund_exceeds_payment',
    `Refunds of payment ${payment.id} (${money(payment.amountMinor)}) are capped: ${money(refundableMinor)} can ` +
      `still be refunded (pending refunds count, and customer credit it became that invoices already used is ` +
      `paying them)${asked}`,
    [
      {
        path: 'body.amount',
        message: `must be at most ${formatMajorUnits({ amount: refundableMinor, currency: payment.currency })}`,
      },
    ],
  );
}

/**
 * The provider's answer to the refund call, applied. An answer that settles it (Stripe `succeeded`, a refusal)
 * applies at once; `pending` keeps the refund PENDING with the provider's id for its notification.
 *
 * A GatewayError is the provider's API failing rather than answering. Not retryable (a 4xx the adapter could not
 * read as a refusal, a refused apiBaseUrl): the provider made no refund, so FAILED with the message, and the cap
 * frees up for another try. Retryable (timeout, network, 5xx, 429): whether the provider made the refund is
 * unknown — a timed-out Stripe call may have refunded — so the refund stays PENDING and keeps its share of the
 * cap; the provider's notification settles it. Freeing the cap instead would let the user refund the same money
 * twice, which is worse than a refund waiting for an operator.
 */
async function callProvider(
  deps: RefundGatewayDeps,
  channel: RefundChannel,
  refund: RefundRecord,
): Promise<RefundResult | 'unknown'> {
  try {
    return await channel.gateway.refund({
      refundId: refund.id,
      paymentReference: refund.paymentId,
      providerReference: channel.providerReference,
      amountMinor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      callbackUrl: refundCallbackUrl(deps.config, {
        tenantId: deps.sql.tenantId,
        paymentId: refund.paymentId,
        refundId: refund.id,
      }),
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.retryable) return 'unknown';
    return { status: 'failed', reason: error.message, providerRefundId: null };
  }
}

async function applyProviderAnswer(
  deps: RefundGatewayDeps,
  refund: RefundRecord,
  answer: RefundResult | 'unknown',
  now: Date,
): Promise<RefundRecord> {
  if (answer === 'unknown') return refund;
  if (answer.status === 'pending') {
    if (answer.providerRefundId === null) return refund;
    const noted = { refundId: refund.id, providerRefundId: answer.providerRefundId, now };
    // Undefined: a notification settled it (or named it) first; the stored row is the truth.
    return (await recordProviderRefundId(deps.sql, noted)) ?? (await findRefund(deps.sql, refund.id)) ?? refund;
  }
  const applied = await applyRefundOutcome(deps.sql, {
    refundId: refund.id,
    outcome: answer.status,
    providerRefundId: answer.providerRefundId,
    failureReason: answer.status === 'failed' ? answer.reason : null,
    now,
  });
  return applied?.refund ?? refund;
}

/**
 * POST /payments/:id/refund (CONTRACT §11): reserves the amount under the payment's lock, then asks the provider.
 * 404 `payment_not_found`; 409 `invalid_state_transition` (not SUCCEEDED or PARTIALLY_REFUNDED),
 * `refund_exceeds_payment`, or the provider cannot be reached for this payment (see `refundChannelOf`). A provider's
 * refusal is not an error: the refund comes back FAILED with its `failureReason`.
 */
export async function createRefund(deps: RefundGatewayDeps, input: NewRefund): Promise<RefundRecord> {
  const earlierRun = await findRefundOfRequest(deps.sql, input.requestKey);
  if (earlierRun !== undefined) return continueEarlierRun(deps, earlierRun, input.now);
  const payment = await findPayment(deps.sql, input.paymentId);
  if (payment === undefined) throw paymentNotFound(input.paymentId);
  // A malformed amount is the request's fault whatever state the payment is in: 400 before 409.
  const asked =
    input.amount === undefined ? input.amountMinor : requireMajorUnits(input.amount, payment.currency, 'body.amount');
  const refused = refuseState(payment);
  if (refused !== undefined) throw refused;
  const channel = payment.provider === 'MANUAL' ? undefined : await refundChannelOf(deps, payment);
  const refund = await reserveRefund(deps, { ...input, ...(asked === undefined ? {} : { amountMinor: asked }) });
  if (isEarlierRunRefund(refund)) return continueEarlierRun(deps, refund.earlierRun, input.now);
  if (channel === undefined) return bookRefundCreditNote(deps.sql, refund, input.now);
  const answer = await callProvider(deps, channel, refund);
  return applyProviderAnswer(deps, refund, answer, input.now);
}

/**
 * A re-run of the request that made `refund` (its first run died before answering) continues it: settled, it stands
 * (with the credit note it asked for, booked at most once); PENDING, the provider is asked again with the same
 * refund id where that cannot refund twice (`mayAskProviderAgain`), and its answer applied as the first run would have.
 */
async function continueEarlierRun(deps: RefundGatewayDeps, refund: RefundRecord, now: Date): Promise<RefundRecord> {
  if (refund.status !== 'PENDING') return bookRefundCreditNote(deps.sql, refund, now);
  const payment = await findPayment(deps.sql, refund.paymentId);
  if (payment === undefined || payment.provider === 'MANUAL') return refund;
  const channel = await refundChannelOf(deps, payment);
  if (!mayAskProviderAgain(channel.gateway)) return refund;
  return applyProviderAnswer(deps, refund, await callProvider(deps, channel, refund), now);
}
