import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { invalid, unauthenticated } from '../../services/platform/errors';
import { sandboxAccountOf, type SandboxAccount } from '../../services/payments/providers';
import {
  expireSandboxCheckoutOf,
  readSandboxCheckout,
  readSandboxRefund,
  refundSandboxCheckout,
  registerSandboxCheckout,
  type SandboxCheckout,
  type SandboxDeps,
  type SandboxRefund,
} from '../../services/payments/sandbox';

/** A provider API request is a few hundred bytes; anything larger is not one of the gateway's. */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * The sandbox provider's API (`/sandbox/v1/...`), what the SANDBOX gateway calls as a real adapter calls its
 * provider: bearer-authenticated with the key made when SANDBOX was configured, JSON in and out, errors as the API's
 * usual error body. For the gateway only, so not in the API's OpenAPI document.
 */
export function sandboxApiRoutes(deps: SandboxDeps, router: Router): void {
  router.get('/sandbox/v1/account', (ctx) => {
    const account = accountOf(deps, ctx);
    ctx.body = { tenantId: account.tenantId, providerId: account.providerId, mode: 'sandbox' };
  });
  router.post('/sandbox/v1/checkouts', async (ctx) => {
    const account = accountOf(deps, ctx);
    const body = await readJson(ctx);
    const checkout = await registerSandboxCheckout(deps, account, {
      reference: text(body, 'reference'),
      amountMinor: minorUnits(body, 'amountMinor'),
      currency: text(body, 'currency'),
      description: text(body, 'description'),
      callbackUrl: text(body, 'callbackUrl'),
      successUrl: optionalText(body, 'successUrl'),
      cancelUrl: optionalText(body, 'cancelUrl'),
      expiresAt: timestamp(body, 'expiresAt'),
    });
    ctx.body = checkoutJson(checkout);
  });
  router.get('/sandbox/v1/checkouts/:id', async (ctx) => {
    ctx.body = checkoutJson(await readSandboxCheckout(deps, accountOf(deps, ctx), ctx.params.id ?? ''));
  });
  router.post('/sandbox/v1/checkouts/:id/expire', async (ctx) => {
    ctx.body = checkoutJson(await expireSandboxCheckoutOf(deps, accountOf(deps, ctx), ctx.params.id ?? ''));
  });
  router.post('/sandbox/v1/refunds', async (ctx) => {
    const account = accountOf(deps, ctx);
    const body = await readJson(ctx);
    const refund = await refundSandboxCheckout(deps, account, {
      checkoutId: text(body, 'checkoutId'),
      refundReference: text(body, 'refundReference'),
      amountMinor: minorUnits(body, 'amountMinor'),
    });
    ctx.body = refundJson(refund);
  });
  router.get('/sandbox/v1/refunds/:id', async (ctx) => {
    ctx.body = refundJson(await readSandboxRefund(deps, accountOf(deps, ctx), ctx.params.id ?? ''));
  });
}

function accountOf(deps: SandboxDeps, ctx: Context): SandboxAccount {
  const header = ctx.get('authorization');
  const key = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const account = sandboxAccountOf(key, deps.config.encryptionKey);
  if (account === undefined) throw unauthenticated('invalid_sandbox_key', 'Not a sandbox API key');
  return account;
}

/** The checkout's page is `<base URL>/checkout/<id>`, under whatever base the gateway called. */
const checkoutJson = (checkout: SandboxCheckout) => ({
  id: checkout.id,
  reference: checkout.reference,
  amountMinor: checkout.amountMinor.toString(),
  currency: checkout.currency,
  status: checkout.status,
  expiresAt: checkout.expiresAt.toISOString(),
  completedAt: checkout.completedAt?.toISOString() ?? null,
});

const refundJson = (refund: SandboxRefund) => ({
  id: refund.id,
  checkoutId: refund.checkoutId,
  refundReference: refund.refundReference,
  amountMinor: refund.amountMinor.toString(),
  currency: refund.currency,
  status: refund.status,
});

type JsonBody = Record<string, unknown>;

async function readJson(ctx: Context): Promise<JsonBody> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw invalid('sandbox_body_too_large', 'The request body is too large');
    chunks.push(chunk);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as JsonBody;
  } catch {
    // Answered below.
  }
  throw invalid('sandbox_body_invalid', 'The request body is not a JSON object');
}

function text(body: JsonBody, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '' || value.length > 2048) {
    throw invalid('sandbox_body_invalid', `${field} must be a non-empty string`);
  }
  return value;
}

const optionalText = (body: JsonBody, field: string): string | null =>
  body[field] === null || body[field] === undefined ? null : text(body, field);

function minorUnits(body: JsonBody, field: string): bigint {
  const value = text(body, field);
  if (!/^[1-9]\d{0,17}$/.test(value)) throw invalid('sandbox_body_invalid', `${field} must be positive minor units`);
  return BigInt(value);
}

function timestamp(body: JsonBody, field: string): Date {
  const value = new Date(text(body, field));
  if (Number.isNaN(value.getTime())) throw invalid('sandbox_body_invalid', `${field} must be an ISO timestamp`);
  return value;
}
