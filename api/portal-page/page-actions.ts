import type { Context } from 'koa';
import { tenantSql } from '../../infra/db/tenant-sql';
import {
  checkoutPortalInvoice,
  findSessionCustomer,
  type SessionCustomer,
} from '../../services/portal/customer-portal';
import { isCsrfTokenOf, PORTAL_PAGE_PATH, type PortalSession } from '../../services/portal/sessions';
import type { PortalSettings } from '../../services/platform/tenants';
import { AppError } from '../../services/platform/errors';
import { readFormBody } from './form-body';
import { answerWithMessage, UNAUTHORIZED } from './page-answers';
import { sessionOf, type PageDeps } from './page-deps';

const FORBIDDEN = { heading: 'This form has expired', message: 'Go back to the billing page and try again.' };
export const NOT_ALLOWED = {
  heading: 'Not available',
  message: 'This is not something you can do here. Please contact us.',
};

/** A form post whose CSRF token is the session's, by a customer still live: who posted it and what it holds. */
export interface PostedForm {
  session: PortalSession;
  form: URLSearchParams;
  acting: SessionCustomer;
}

/**
 * The session, form and customer of a page form post; undefined after answering 401 (no session, or its customer or
 * tenant gone), 403 (no, or another session's, CSRF token) or 403 (the tenant's switch for this action is off).
 */
export async function readPostedForm(
  page: PageDeps,
  ctx: Context,
  requires?: keyof Omit<PortalSettings, 'planIds'>,
): Promise<PostedForm | undefined> {
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
  const acting = await findSessionCustomer(page.app.orm, session);
  if (acting === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return undefined;
  }
  if (requires !== undefined && !acting.allowed[requires]) {
    answerWithMessage(ctx, 403, NOT_ALLOWED);
    return undefined;
  }
  return { session, form, acting };
}

/** Back to the page with one of the page's fixed notices (never text from the request). */
export function backToPage(ctx: Context, notice: string): void {
  ctx.status = 303;
  ctx.redirect(`${PORTAL_PAGE_PATH}?notice=${notice}`);
}

/**
 * The checkout of `POST /invoices/:id/checkout` for the session's customer's own invoice, and the browser sent to the
 * provider's page, which sends it back here. When the invoice cannot be paid online (no provider for its currency,
 * another customer's, nothing due), back to the page with `unavailable`: the customer cannot fix that, the tenant
 * sees it in its logs and events. An invoice has one open payment at a time, so a repeat reaches the same checkout.
 */
export async function sendToCheckout(
  page: PageDeps,
  ctx: Context,
  request: { session: PortalSession; invoiceId: string; unavailable: string },
): Promise<void> {
  const { app } = page;
  const { session } = request;
  const back = `${app.config.publicUrl}${PORTAL_PAGE_PATH}`;
  try {
    const { payment } = await checkoutPortalInvoice(
      { config: app.config, clock: app.clock, temporal: app.temporal },
      tenantSql(app.orm, session.tenantId),
      {
        customerId: session.customerId,
        invoiceId: request.invoiceId,
        successUrl: `${back}?notice=paid`,
        cancelUrl: back,
      },
    );
    if (payment.checkoutUrl === null) backToPage(ctx, 'payment-started');
    else {
      ctx.status = 303;
      ctx.redirect(payment.checkoutUrl);
    }
  } catch (error: unknown) {
    if (!(error instanceof AppError) || error.kind === 'unavailable') throw error;
    backToPage(ctx, request.unavailable);
  }
}

/** `POST /portal/invoices/:id/pay`: always allowed (CONTRACT §14), for the session's customer's own invoice. */
export async function payInvoice(page: PageDeps, ctx: Context, invoiceId: string): Promise<void> {
  const posted = await readPostedForm(page, ctx);
  if (posted === undefined) return;
  await sendToCheckout(page, ctx, { session: posted.session, invoiceId, unavailable: 'payment-unavailable' });
}
