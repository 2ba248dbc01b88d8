import {
  findRefund,
  findRefundByProviderId,
  listPendingRefunds,
  type RefundRecord,
  type RefundSql,
} from './refund-records';

/** What a provider's refund notification carries to name one of the payment's refunds; any part may be missing. */
export interface RefundClaim {
  /** The payment the notification was routed to (our reference, or the refunded transaction's). */
  paymentId: string;
  /** Our `re_…` id, when the provider echoes it (Stripe metadata, the M-Pesa result URL). */
  refundId: string | null;
  /** The provider's own refund id (Stripe `re_…`, Paystack `data.id`, the M-Pesa ConversationID). */
  providerRefundId: string | null;
  /** The refunded amount in minor units, when the notification states it (Paystack). */
  amountMinor?: bigint | null;
}

/**
 * The refund a notification names, by the strongest thing it carries: our id when echoed; else the provider's refund
 * id as the refund call's answer stored it; else the refunded amount (or only a provider id not stored yet, when the
 * notification overtook the refund call's answer) among the payment's PENDING refunds, when exactly one fits. Several
 * equal refunds still pending are not told apart by amount: the notification then names none, rather than possibly
 * the wrong one. Undefined when nothing fits (a refund made in the provider's dashboard).
 */
export async function matchNotifiedRefund(sql: RefundSql, claim: RefundClaim): Promise<RefundRecord | undefined> {
  if (claim.refundId !== null) return findRefund(sql, claim.refundId);
  if (claim.providerRefundId !== null) {
    const known = await findRefundByProviderId(sql, {
      paymentId: claim.paymentId,
      providerRefundId: claim.providerRefundId,
    });
    if (known !== undefined) return known;
  }
  return lonePendingFit(sql, claim);
}

async function lonePendingFit(sql: RefundSql, claim: RefundClaim): Promise<RefundRecord | undefined> {
  const amountMinor = claim.amountMinor ?? null;
  if (claim.providerRefundId === null && amountMinor === null) return undefined;
  const fits = (await listPendingRefunds(sql, claim.paymentId)).filter(
    (refund) =>
      // A refund whose provider id we hold is another one than a notification naming an id we do not know.
      (claim.providerRefundId === null || refund.providerRefundId === null) &&
      (amountMinor === null || refund.amountMinor === amountMinor),
  );
  return fits.length === 1 ? fits[0] : undefined;
}
