import { randomBytes } from 'node:crypto';
import { parseCurrencyCode } from '../../../domain/money';
import { sqlOf } from '../../../infra/db/sql';
import { conflict, notFound, validationFailed, type AppError } from '../../platform/errors';
import type { SandboxAccount } from '../providers';
import { notifySandboxCheckout, type SandboxDeps } from './sandbox-notifier';
import {
  completeSandboxCheckout,
  expireSandboxCheckout,
  findSandboxCheckout,
  findSandboxRefund,
  insertSandboxCheckout,
  insertSandboxRefund,
  sandboxRefundedAmount,
  type SandboxCheckout,
  type SandboxRefund,
} from './sandbox-store';

/** What the sandbox gateway registers: the provider-side checkout request. */
export interface SandboxCheckoutRequest {
  reference: string;
  amountMinor: bigint;
  currency: string;
  description: string;
  callbackUrl: string;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: Date;
}

/** The sandbox posts only to a platform's inbound sandbox route, never to any other path. */
const CALLBACK_PATH = '/api/webhooks/sandbox';

function isSandboxCallbackUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === CALLBACK_PATH;
  } catch {
    return false;
  }
}

export const sandboxCheckoutNotFound = (id: string): AppError =>
  notFound('sandbox_checkout_not_found', `Sandbox checkout ${id} not found`);

const checkoutClosed = (checkout: SandboxCheckout): AppError =>
  conflict('sandbox_checkout_closed', `Sandbox checkout ${checkout.id} is ${checkout.status}, no longer OPEN`);

/** `POST /sandbox/v1/checkouts`: one checkout per (tenant, reference); a retried call gets the same one. */
export async function registerSandboxCheckout(
  deps: SandboxDeps,
  account: SandboxAccount,
  request: SandboxCheckoutRequest,
): Promise<SandboxCheckout> {
  const currency = parseCurrencyCode(request.currency);
  if (!currency.ok) throw validationFailed([{ path: 'body.currency', message: currency.error.message }]);
  if (request.amountMinor <= 0n) throw validationFailed([{ path: 'body.amountMinor', message: 'must be positive' }]);
  if (!isSandboxCallbackUrl(request.callbackUrl)) {
    throw validationFailed([
      { path: 'body.callbackUrl', message: `must be an http(s) URL ending in ${CALLBACK_PATH}` },
    ]);
  }
  const now = deps.clock.now();
  return insertSandboxCheckout(
    sqlOf(deps.orm),
    {
      // The id is the page's only credential (like a hosted checkout's session URL): long and random.
      id: `cs_sbx_${randomBytes(24).toString('base64url')}`,
      tenantId: account.tenantId,
      providerId: account.providerId,
      reference: request.reference,
      amountMinor: request.amountMinor,
      currency: currency.value,
      description: request.description,
      callbackUrl: request.callbackUrl,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      expiresAt: request.expiresAt,
      createdAt: now,
    },
    now,
  );
}

/** A checkout as its page shows it, found by its id alone (the page's capability). */
export async function showSandboxCheckout(deps: SandboxDeps, id: string): Promise<SandboxCheckout> {
  const checkout = await findSandboxCheckout(sqlOf(deps.orm), id, deps.clock.now());
  if (checkout === undefined) throw sandboxCheckoutNotFound(id);
  return checkout;
}

/** `GET /sandbox/v1/checkouts/:id`: one of the caller's checkouts. */
export async function readSandboxCheckout(
  deps: SandboxDeps,
  account: SandboxAccount,
  id: string,
): Promise<SandboxCheckout> {
  const checkout = await findSandboxCheckout(sqlOf(deps.orm), id, deps.clock.now());
  if (checkout?.tenantId !== account.tenantId) throw sandboxCheckoutNotFound(id);
  return checkout;
}

/**
 * `POST /sandbox/v1/checkouts/:id/expire`: ends one of the caller's open checkouts, as Stripe expires a session; its
 * page then takes no payment. Answers the checkout as it is: EXPIRED, or PAID or DECLINED when the payer was first.
 */
export async function expireSandboxCheckoutOf(
  deps: SandboxDeps,
  account: SandboxAccount,
  id: string,
): Promise<SandboxCheckout> {
  const current = await readSandboxCheckout(deps, account, id);
  if (current.status !== 'OPEN') return current;
  const now = deps.clock.now();
  return (await expireSandboxCheckout(sqlOf(deps.orm), { id, now })) ?? readSandboxCheckout(deps, account, id);
}

export type SandboxAction = 'pay' | 'decline';

/**
 * Pay or Decline, on the page or through the API: the checkout is completed once (a second click is 409
 * `sandbox_checkout_closed`) and the signed notification posted to the platform's inbound route, which hands it to
 * the payment workflow like any provider's.
 */
export async function completeSandboxCheckoutBy(
  deps: SandboxDeps,
  request: { checkoutId: string; action: SandboxAction },
): Promise<{ checkout: SandboxCheckout; notified: boolean }> {
  const sql = sqlOf(deps.orm);
  const now = deps.clock.now();
  const status = request.action === 'pay' ? 'PAID' : 'DECLINED';
  const completed = await completeSandboxCheckout(sql, { id: request.checkoutId, status, now });
  if (completed === undefined) {
    const current = await findSandboxCheckout(sql, request.checkoutId, now);
    throw current === undefined ? sandboxCheckoutNotFound(request.checkoutId) : checkoutClosed(current);
  }
  return { checkout: completed, notified: await notifySandboxCheckout(deps, completed) };
}

/**
 * `POST /sandbox/v1/refunds`: a refund of a PAID checkout succeeds at once, up to what was paid and not refunded
 * (beyond it, or of a checkout not paid, it is refused with 400 as a provider would). One per refund reference.
 */
export async function refundSandboxCheckout(
  deps: SandboxDeps,
  account: SandboxAccount,
  request: { checkoutId: string; refundReference: string; amountMinor: bigint },
): Promise<SandboxRefund> {
  const sql = sqlOf(deps.orm);
  const checkout = await readSandboxCheckout(deps, account, request.checkoutId);
  if (checkout.status !== 'PAID') {
    throw validationFailed([{ path: 'body.checkoutId', message: `checkout is ${checkout.status}, not PAID` }]);
  }
  const left = checkout.amountMinor - (await sandboxRefundedAmount(sql, checkout.id));
  if (request.amountMinor <= 0n || request.amountMinor > left) {
    throw validationFailed([{ path: 'body.amountMinor', message: `must be between 1 and ${left}` }]);
  }
  return insertSandboxRefund(sql, {
    id: `re_sbx_${randomBytes(16).toString('hex')}`,
    checkoutId: checkout.id,
    refundReference: request.refundReference,
    amountMinor: request.amountMinor,
    currency: checkout.currency,
    status: 'SUCCEEDED',
    createdAt: deps.clock.now(),
  });
}

/** `GET /sandbox/v1/refunds/:id`. */
export async function readSandboxRefund(
  deps: SandboxDeps,
  account: SandboxAccount,
  id: string,
): Promise<SandboxRefund> {
  const refund = await findSandboxRefund(sqlOf(deps.orm), { tenantId: account.tenantId, id });
  if (refund === undefined) throw notFound('sandbox_refund_not_found', `Sandbox refund ${id} not found`);
  return refund;
}
