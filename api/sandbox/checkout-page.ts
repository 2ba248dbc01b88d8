import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { Eta } from 'eta';
import { formatMajorUnits } from '../../domain/money';
import { AppError } from '../../services/platform/errors';
import {
  completeSandboxCheckoutBy,
  isSandboxFormToken,
  newSandboxFormNonce,
  sandboxFormToken,
  showSandboxCheckout,
  type SandboxAction,
  type SandboxCheckout,
  type SandboxDeps,
} from '../../services/payments/sandbox';
import { readFormBody } from '../portal-page/form-body';
import { setPortalSecurityHeaders } from '../portal-page/security-headers';

/** Autoescaped like the portal's templates: the description is the tenant's text. */
const templates = new Eta({ views: join(__dirname, 'views'), autoEscape: true, cache: true });
const STYLE_SHEET = join(__dirname, 'assets', 'sandbox.css');
const NONCE_COOKIE = 'sandbox_form';
const PAGE_PATH = '/sandbox/checkout';

/**
 * The sandbox's hosted checkout page: the amount, the description, and Pay and Decline buttons, which are forms (no
 * script) protected by a signed double-submit token. The checkout id in the URL is the page's only credential, as a
 * hosted checkout's session URL is. Served with the portal's CSP and headers.
 */
export function sandboxPageRoutes(deps: SandboxDeps & { secureCookie: boolean }, router: Router): void {
  router.get(`${PAGE_PATH}/:id`, async (ctx) => {
    setPortalSecurityHeaders(ctx);
    const checkout = await showSandboxCheckout(deps, ctx.params.id ?? '');
    const nonce = ctx.cookies.get(NONCE_COOKIE) ?? newSandboxFormNonce();
    setNonceCookie(ctx, nonce, deps.secureCookie);
    render(ctx, 200, checkout, {
      csrf: sandboxFormToken(deps.config.encryptionKey, { checkoutId: checkout.id, nonce }),
    });
  });
  for (const action of ['pay', 'decline'] as const) {
    router.post(`${PAGE_PATH}/:id/${action}`, (ctx) =>
      completeFromPage(deps, ctx, { checkoutId: ctx.params.id ?? '', action }),
    );
  }
  router.get('/sandbox/assets/sandbox.css', async (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = await readFile(STYLE_SHEET);
  });
}

async function completeFromPage(
  deps: SandboxDeps,
  ctx: Context,
  request: { checkoutId: string; action: SandboxAction },
): Promise<void> {
  setPortalSecurityHeaders(ctx);
  const { checkoutId, action } = request;
  const form = await readFormBody(ctx);
  const tokenValid = isSandboxFormToken(deps.config.encryptionKey, {
    checkoutId,
    nonce: ctx.cookies.get(NONCE_COOKIE),
    token: form?.get('csrf') ?? null,
  });
  const checkout = await showSandboxCheckout(deps, checkoutId);
  if (!tokenValid) {
    render(ctx, 403, checkout, { message: 'This form has expired: reload the page and try again.' });
    return;
  }
  try {
    const done = await completeSandboxCheckoutBy(deps, { checkoutId, action });
    const target = done.checkout.status === 'PAID' ? done.checkout.successUrl : done.checkout.cancelUrl;
    render(ctx, 200, done.checkout, {
      message: done.notified
        ? 'The platform has been notified.'
        : 'The platform could not be notified now; it will find the outcome when it checks the payment.',
      returnUrl: target,
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'sandbox_checkout_closed') throw error;
    render(ctx, 409, await showSandboxCheckout(deps, checkoutId), { message: 'Nothing was changed.' });
  }
}

function render(
  ctx: Context,
  status: number,
  checkout: SandboxCheckout,
  extra: { csrf?: string; message?: string; returnUrl?: string | null },
): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = templates.render('./checkout', {
    id: checkout.id,
    description: checkout.description,
    amount: formatMajorUnits({ amount: checkout.amountMinor, currency: checkout.currency }),
    currency: checkout.currency,
    status: checkout.status,
    expiresAt: checkout.expiresAt.toISOString(),
    csrf: extra.csrf ?? '',
    message: extra.message ?? '',
    returnUrl: extra.returnUrl ?? null,
  });
}

/** The form's cookie half: for the page's own path, never readable by script, sent on no cross-site POST. */
function setNonceCookie(ctx: Context, nonce: string, secure: boolean): void {
  const attributes = [`${NONCE_COOKIE}=${nonce}`, `Path=${PAGE_PATH}`, 'HttpOnly', 'SameSite=Strict'];
  ctx.append('Set-Cookie', [...attributes, ...(secure ? ['Secure'] : [])].join('; '));
}
