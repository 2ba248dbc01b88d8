import type { Context } from 'koa';
import { tenantSql } from '../../infra/db/tenant-sql';
import { checkoutPortalInvoice, findSessionCustomer } from '../../services/portal/customer-portal';
import { isCsrfTokenOf, PORTAL_PAGE_PATH, type PortalSession } from '../../services/portal/sessions';
import { AppError } from '../../services/platform/errors';
import { readFormBody } from './form-body';
import { answerWithMessage, UNAUTHORIZED } from './page-answers';
import { sessionOf, type PageDeps } from './page-deps';

const FORBIDDEN = { heading: 'This form has expired', message: 'Go back to the billing page and try again.' };

/**
 * The session of a form post whose CSRF token is the session's; undefined after answering 401 (no session) or 403
 * (no, or another session's, token).
 */
async function formSession(page: PageDeps, ctx: Context): Promise<PortalSession | undefined> {
  const session = sessionOf(page, ctx);
  if (session === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return undefined;
  }
  const form = await readFormBody(ctx);
  if (form === undefined || !isCsrfTokenOf(page.keys, session, form.get('csrf'))) {
    answerWithMessage(ctx, 403, FORBIDDEN);
    return undefined;
  }
  return session;
}

/** Back to the page with one of the page's fixed notices (never text from the request). */
function backToPage(ctx: Context, notice: string): void {
  ctx.status = 303;
  ctx.redirect(`${PORTAL_PAGE_PATH}?notice=${notice}`);
}

/**
 * `POST /portal/invoices/:id/pay`: the checkout of `POST /invoices/:id/checkout`, for the session's customer's own
 * invoice, and the browser sent to the provider's page, which sends it back here. A double submit gets the same
 * checkout: an invoice has one open payment at a time.
 */
export async function payInvoice(page: PageDeps, ctx: Context, invoiceId: string): Promise<void> {
  const session = await formSession(page, ctx);
  if (session === undefined) return;
  const { app } = page;
  if ((await findSessionCustomer(app.orm, session)) === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  const back = `${app.config.publicUrl}${PORTAL_PAGE_PATH}`;
  try {
    const { payment } = await checkoutPortalInvoice(
      { config: app.config, clock: app.clock, temporal: app.temporal },
      tenantSql(app.orm, session.tenantId),
      { customerId: session.customerId, invoiceId, successUrl: `${back}?notice=paid`, cancelUrl: back },
    );
    if (payment.checkoutUrl === null) backToPage(ctx, 'payment-started');
    else {
      ctx.status = 303;
      ctx.redirect(payment.checkoutUrl);
    }
  } catch (error: unknown) {
    // The customer cannot fix a provider's refusal or a missing provider; the tenant sees it in its logs and events.
    if (!(error instanceof AppError) || error.kind === 'unavailable') throw error;
    backToPage(ctx, 'payment-unavailable');
  }
}
