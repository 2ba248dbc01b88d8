import type { PaymentStatus } from './payment-status';

/**
 * How a confirmed payment meets its invoice (CONTRACT §11): it pays what is due, at most; the rest (all of it when the
 * invoice no longer collects) is the customer's credit. `dueMinor` is 0 for an invoice that is not OPEN or
 * UNCOLLECTIBLE any more.
 */
export function allocatePayment(input: { amountMinor: bigint; dueMinor: bigint }): {
  appliedMinor: bigint;
  creditedMinor: bigint;
  remainingDueMinor: bigint;
} {
  const due = input.dueMinor > 0n ? input.dueMinor : 0n;
  const appliedMinor = input.amountMinor < due ? input.amountMinor : due;
  return { appliedMinor, creditedMinor: input.amountMinor - appliedMinor, remainingDueMinor: due - appliedMinor };
}

/**
 * What a refund may take of a captured payment: the amount asked (or, without one, all that is left), never more than
 * the capture less the refunds already reserved (PENDING) or made (SUCCEEDED), whose sum is `reservedMinor`.
 */
export function refundAllowance(input: {
  capturedMinor: bigint;
  reservedMinor: bigint;
  askedMinor?: bigint;
}): { ok: true; amountMinor: bigint } | { ok: false; leftMinor: bigint } {
  const left = input.capturedMinor - input.reservedMinor;
  const leftMinor = left > 0n ? left : 0n;
  const amountMinor = input.askedMinor ?? leftMinor;
  return amountMinor > 0n && amountMinor <= leftMinor ? { ok: true, amountMinor } : { ok: false, leftMinor };
}

/** A payment's status once `refundedMinor` of its `capturedMinor` went back. */
export function statusAfterRefund(capturedMinor: bigint, refundedMinor: bigint): PaymentStatus {
  return refundedMinor >= capturedMinor ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}
