import type { TenantSql } from '../../../infra/db/tenant-sql';
import { findPayment } from '../records';
import type { VerifiedPayment } from './gateway';
import { gatewayForPayment, type GatewayAccess } from './payment-gateway';

/**
 * Asks the provider how the payment stands (its verification API, never a notification's body). Pending when its
 * configuration is gone (nothing can be asked; the payment expires). A provider error is thrown: retryable ones are
 * retried, the workflow treats the rest as no answer.
 */
export async function verifyPaymentWithProvider(
  deps: GatewayAccess,
  sql: TenantSql,
  paymentId: string,
): Promise<VerifiedPayment> {
  const payment = await findPayment(sql, paymentId);
  if (payment === undefined) return { status: 'pending' };
  const opening = await gatewayForPayment(sql, deps, payment);
  if (!opening.ok) {
    if (opening.error === 'not_configured') return { status: 'pending' };
    throw opening.cause;
  }
  return opening.gateway.verifyPayment({
    reference: payment.id,
    providerCheckoutId: payment.providerCheckoutId,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
  });
}
