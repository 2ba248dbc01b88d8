import type { TenantSql } from '../../../infra/db/tenant-sql';
import { gatewayForPayment, type GatewayAccess } from '../gateways';
import { findPayment } from '../records';

/**
 * What ending a canceled payment's checkout at the provider came to: `ended` (its page can no longer be paid),
 * `not_open` (the payer completed it first: what it brings is verified like any payment), or `unsupported` (no
 * checkout recorded, its configuration gone, or a provider without such a call: the checkout runs to its expiry, and
 * a payment made meanwhile becomes customer credit).
 */
export type EndedCheckout = 'ended' | 'not_open' | 'unsupported';

/**
 * Asks the provider to end the checkout of a payment our side canceled (its invoice voided or marked paid), so that a
 * payer holding the old link cannot pay an invoice that no longer asks for it. A provider error is thrown.
 */
export async function endProviderCheckout(
  deps: GatewayAccess,
  sql: TenantSql,
  paymentId: string,
): Promise<EndedCheckout> {
  const payment = await findPayment(sql, paymentId);
  if (payment?.providerCheckoutId == null) return 'unsupported';
  const opening = await gatewayForPayment(sql, deps, payment);
  if (!opening.ok) {
    if (opening.error === 'not_configured') return 'unsupported';
    throw opening.cause;
  }
  if (opening.gateway.endCheckout === undefined) return 'unsupported';
  return opening.gateway.endCheckout({ reference: payment.id, providerCheckoutId: payment.providerCheckoutId });
}
