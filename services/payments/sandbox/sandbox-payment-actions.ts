import { sqlOf } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { conflict, notFound } from '../../platform/errors';
import { findPayment } from '../records';
import { completeSandboxCheckoutBy, type SandboxAction } from './sandbox-provider';
import type { SandboxDeps } from './sandbox-notifier';
import { findSandboxCheckoutByReference, type SandboxCheckout } from './sandbox-store';

/**
 * `POST /payments/:id/sandbox/pay|decline`: what the page's buttons do, for scripts and CI. The tenant's own payment
 * of provider SANDBOX, whose checkout was created; the outcome then comes the way any provider's does (a signed
 * notification, the workflow's verification), so the answer is the sandbox checkout, the payment settling shortly.
 */
export async function actOnSandboxPayment(
  deps: SandboxDeps,
  sql: TenantSql,
  request: { paymentId: string; action: SandboxAction },
): Promise<{ checkout: SandboxCheckout; notified: boolean }> {
  if (!deps.config.paymentSandboxEnabled) {
    throw conflict('sandbox_disabled', 'The SANDBOX provider is turned off on this platform (PAYMENT_SANDBOX_ENABLED)');
  }
  const payment = await findPayment(sql, request.paymentId);
  if (payment === undefined) throw notFound('payment_not_found', `Payment ${request.paymentId} not found`);
  if (payment.provider !== 'SANDBOX') {
    throw conflict('not_a_sandbox_payment', `Payment ${payment.id} is a ${payment.provider} payment, not SANDBOX`);
  }
  const checkout = await findSandboxCheckoutByReference(
    sqlOf(deps.orm),
    { tenantId: sql.tenantId, reference: payment.id },
    deps.clock.now(),
  );
  if (checkout === undefined) {
    throw conflict('sandbox_checkout_closed', `Payment ${payment.id} has no sandbox checkout (${payment.status})`);
  }
  return completeSandboxCheckoutBy(deps, { checkoutId: checkout.id, action: request.action });
}
