import { requireId } from '../../../domain/ids';
import { SealedSecretError } from '../../../infra/crypto/secret-box';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { CheckoutState } from '../../../workflows/payments/messages';
import { findCustomer } from '../../catalog/customers';
import { findInvoice } from '../../billing/invoices';
import { GatewayError, gatewayForPayment, type GatewayAccess } from '../gateways';
import {
  failProviderPayment,
  findPayment,
  mpesaCallbackToken,
  recordPaymentCheckout,
  type PaymentRecord,
} from '../records';

/** What the worker's checkout steps need besides the gateway: the public origin of the provider callbacks. */
export interface ProviderCheckoutDeps extends GatewayAccess {
  apiPublicUrl: string;
}

/** The checkout a payment already has (created once), or null while the provider has not been asked. */
export function recordedCheckout(payment: PaymentRecord): CheckoutState | null {
  const created = payment.checkoutUrl !== null || payment.providerCheckoutId !== null;
  return created && payment.expiresAt !== null
    ? { state: 'ready', checkoutUrl: payment.checkoutUrl, expiresAt: payment.expiresAt.toISOString() }
    : null;
}

/**
 * Where the provider posts its notification: the public webhook route of its kind, with our reference and, for M-Pesa
 * (which signs nothing, CONTRACT §11), the payment's callback token, derived again here and never stored.
 */
export function providerCallbackUrl(deps: ProviderCheckoutDeps, sql: TenantSql, payment: PaymentRecord): string {
  const url = new URL(`${deps.apiPublicUrl}/api/webhooks/${payment.provider.toLowerCase()}`);
  url.searchParams.set('reference', payment.id);
  if (payment.provider === 'MPESA') {
    url.searchParams.set('token', mpesaCallbackToken(deps.config.encryptionKey, sql.tenantId, payment.id));
  }
  return url.toString();
}

/**
 * Asks the payment's provider for its checkout (idempotency key: the payment id, so a retried call makes one) and
 * records it. A refusal that retrying cannot fix fails the payment with the provider's reason (`payment.failed`);
 * a transient one is thrown for the activity's retry.
 */
export async function createProviderCheckout(
  deps: ProviderCheckoutDeps,
  sql: TenantSql,
  request: { paymentId: string; now: Date },
): Promise<CheckoutState> {
  const payment = await findPayment(sql, request.paymentId);
  if (payment === undefined) return { state: 'refused', reason: `payment ${request.paymentId} does not exist` };
  const existing = recordedCheckout(payment);
  if (existing !== null) return existing;
  if (payment.status !== 'PENDING' || payment.expiresAt === null) {
    return { state: 'refused', reason: `payment is ${payment.status} (${payment.failureReason ?? 'no checkout'})` };
  }
  const refuse = async (reason: string): Promise<CheckoutState> => {
    await sql.transactional((transaction) =>
      failProviderPayment(sql, transaction, { paymentId: payment.id, reason, now: request.now, notify: true }),
    );
    return { state: 'refused', reason };
  };
  const opening = await gatewayForPayment(sql, deps, payment);
  if (!opening.ok) {
    if (opening.error === 'not_configured') return refuse('the payment provider configuration was deleted');
    // Retrying cannot open credentials sealed under another ENCRYPTION_KEY: the tenant must send them again.
    if (opening.cause instanceof SealedSecretError) {
      return refuse('the payment provider credentials can no longer be read');
    }
    throw opening.cause;
  }
  const { gateway } = opening;
  const invoice = await findInvoice(sql, requireId('invoice', payment.invoiceId));
  const customer = invoice === undefined ? undefined : await findCustomer(sql, invoice.customerId);
  try {
    const checkout = await gateway.createCheckout({
      reference: payment.id,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      description: `Invoice ${invoice?.number ?? payment.invoiceId}`,
      customerEmail: customer?.email ?? null,
      phoneNumber: payment.phoneNumber,
      successUrl: payment.successUrl,
      cancelUrl: payment.cancelUrl,
      callbackUrl: providerCallbackUrl(deps, sql, payment),
      expiresAt: payment.expiresAt,
      idempotencyKey: payment.id,
    });
    const saved = await recordPaymentCheckout(sql, { paymentId: payment.id, ...checkout, now: request.now });
    if (saved === undefined) return { state: 'refused', reason: 'the payment was canceled' };
    return recordedCheckout(saved) ?? { state: 'refused', reason: 'the provider returned no checkout' };
  } catch (error) {
    if (error instanceof GatewayError && !error.retryable) return refuse(error.message);
    throw error;
  }
}
