import type { PaymentStatus } from './payment-status';

/**
 * How money a provider confirmed meets its invoice: it pays what is due, at most; the rest (all of it when the
 * invoice no longer collects, or when it came in another currency than the invoice's) is the customer's credit,
 * owned by the payment. `dueMinor` is 0 for an invoice that is not OPEN or UNCOLLECTIBLE any more.
 */
export function allocatePayment(input: { amountMinor: bigint; dueMinor: bigint; sameCurrency?: boolean }): {
  appliedMinor: bigint;
  creditedMinor: bigint;
  remainingDueMinor: bigint;
} {
  const due = input.dueMinor > 0n ? input.dueMinor : 0n;
  if (input.sameCurrency === false)
    return { appliedMinor: 0n, creditedMinor: input.amountMinor, remainingDueMinor: due };
  const appliedMinor = input.amountMinor < due ? input.amountMinor : due;
  return { appliedMinor, creditedMinor: input.amountMinor - appliedMinor, remainingDueMinor: due - appliedMinor };
}

/** A refund the payment can give: how much, and how much of it is taken back from the payment's unused credit. */
export interface RefundShare {
  ok: true;
  amountMinor: bigint;
  /** Taken back from the payment's unused customer credit (first). */
  creditMinor: bigint;
  /** Taken from what the payment still pays on its own invoice (the invoice does not change). */
  appliedMinor: bigint;
}

/**
 * What a refund may take of a payment. A payment's money is in one of three places: refunded already (or being
 * refunded), still paying its own invoice (`appliedMinor`), or customer credit it became; of that credit, what no
 * invoice has used (`unusedCreditMinor`) comes back first. Credit already spent on other invoices is paying them and
 * is not refundable from this payment, so the most a refund can take is `appliedMinor + unusedCreditMinor`; without
 * an amount asked, that is the amount.
 */
export function refundAllowance(input: {
  appliedMinor: bigint;
  unusedCreditMinor: bigint;
  askedMinor?: bigint;
}): RefundShare | { ok: false; refundableMinor: bigint } {
  const applied = input.appliedMinor > 0n ? input.appliedMinor : 0n;
  const unused = input.unusedCreditMinor > 0n ? input.unusedCreditMinor : 0n;
  const refundableMinor = applied + unused;
  const amountMinor = input.askedMinor ?? refundableMinor;
  if (amountMinor <= 0n || amountMinor > refundableMinor) return { ok: false, refundableMinor };
  const creditMinor = amountMinor < unused ? amountMinor : unused;
  return { ok: true, amountMinor, creditMinor, appliedMinor: amountMinor - creditMinor };
}

/** A payment's status once `refundedMinor` of its `capturedMinor` went back (nothing back: SUCCEEDED again). */
export function statusAfterRefund(capturedMinor: bigint, refundedMinor: bigint): PaymentStatus {
  if (refundedMinor <= 0n) return 'SUCCEEDED';
  return refundedMinor >= capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}
