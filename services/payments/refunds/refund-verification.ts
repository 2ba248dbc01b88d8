import type { ProviderRefundOutcome } from '../../../domain/payments';
import { AppError } from '../../platform/errors';
import { GatewayError } from '../gateways';
import { findPayment } from '../records';
import { refundChannelOf, type RefundGatewayDeps } from './refund-gateway';
import { matchNotifiedRefund, type RefundClaim } from './refund-matching';

/**
 * `confirmed`: the provider's refund API reports the claimed outcome; `contradicted`: it reports another (pending
 * included) or does not know the refund; `unverifiable`: there is nothing to ask (a provider without a refund-status
 * API we use, a refund whose provider id is unknown, a refund that is not this payment's).
 */
export type RefundClaimCheck = 'confirmed' | 'contradicted' | 'unverifiable';

/**
 * A refund notification is a claim like a payment's: where the provider has a refund-status API (Stripe
 * `GET /v1/refunds/:id`, Paystack `GET /refund/:id`), the outcome counts only when that API reports it too. The
 * refund is asked about by the provider id the notification carries, else the one its refund call stored. Where there
 * is no such API (M-Pesa, whose reversal result comes to a URL with the payment's secret token; Flutterwave, whose
 * refunds are settled by the refund call's own answer) the claim is taken as before. An unreachable provider throws
 * (the activity retries); a refusal (unknown refund) contradicts the claim.
 */
export async function checkRefundClaim(
  deps: RefundGatewayDeps,
  claim: RefundClaim & { outcome: ProviderRefundOutcome },
): Promise<RefundClaimCheck> {
  const refund = await matchNotifiedRefund(deps.sql, claim);
  if (refund === undefined || refund.paymentId !== claim.paymentId) return 'unverifiable';
  const providerRefundId = claim.providerRefundId ?? refund.providerRefundId;
  const payment = await findPayment(deps.sql, refund.paymentId);
  if (providerRefundId === null || payment === undefined) return 'unverifiable';
  let channel;
  try {
    channel = await refundChannelOf(deps, payment);
  } catch (error) {
    if (error instanceof AppError) return 'unverifiable';
    throw error;
  }
  if (channel.gateway.verifyRefund === undefined) return 'unverifiable';
  try {
    const answer = await channel.gateway.verifyRefund({ providerRefundId });
    return answer.status === claim.outcome ? 'confirmed' : 'contradicted';
  } catch (error) {
    if (error instanceof GatewayError && !error.retryable) return 'contradicted';
    throw error;
  }
}
