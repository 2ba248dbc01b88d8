import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Router } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { renderInvoicePdf } from '../../infra/pdf/invoice-pdf';
import { findPortalInvoiceDocument, findSessionCustomer, readPortalPage } from '../../services/portal/customer-portal';
import {
  csrfTokenFor,
  newFormKey,
  openPortalSession,
  portalKeys,
  PAY_PAGE_PATH,
  PORTAL_PAGE_PATH,
  sealPortalSession,
} from '../../services/portal/sessions';
import type { AppDeps } from '../app-deps';
import { pageFormat, supportedLocale } from './intl-format';
import { answerWithMessage, FAILED, NOT_FOUND, noticeOf, UNAUTHORIZED } from './page-answers';
import { buyCredits } from './buy-credits';
import { cancelAtPeriodEnd, keepSubscription } from './cancellation-actions';
import { changePlan, showPlanChangePreview } from './plan-change-actions';
import { payInvoice } from './page-actions';
import { payLinkedInvoice, showPayPage } from './pay-page';
import { sessionOf, type PageDeps } from './page-deps';
import { toPageView } from './page-view';
import { setPortalSecurityHeaders } from './security-headers';
import { setSessionCookie } from './session-cookie';
import { renderTemplate } from './templates';

const STYLE_SHEET = join(__dirname, 'assets', 'portal.css');

/**
 * The hosted portal page (CONTRACT §14), served by the API process under PUBLIC_URL at /portal: server-rendered
 * HTML, no script. A link's token is exchanged for the session cookie and the browser sent on to the same URL
 * without it; every later request is the cookie's. Whatever goes wrong is an HTML page, never JSON and never data:
 * 401 for a missing, expired, tampered or foreign session, or a customer since deleted.
 */
export function portalPage(app: AppDeps): Middleware {
  const page: PageDeps = {
    app,
    keys: portalKeys(app.config.encryptionKey),
    secureCookie: app.config.nodeEnv !== 'development' && app.config.nodeEnv !== 'test',
  };
  const router = new Router();
  router.get(PORTAL_PAGE_PATH, async (ctx) => {
    if (ctx.query.token === undefined) await showPage(page, ctx);
    else await enter(page, ctx);
  });
  router.post(`${PORTAL_PAGE_PATH}/invoices/:id/pay`, (ctx) => payInvoice(page, ctx, ctx.params.id ?? ''));
  router.post(`${PORTAL_PAGE_PATH}/wallet/credits`, (ctx) => buyCredits(page, ctx));
  router.post(`${PORTAL_PAGE_PATH}/subscriptions/:id/cancel`, (ctx) =>
    cancelAtPeriodEnd(page, ctx, ctx.params.id ?? ''),
  );
  router.get(`${PORTAL_PAGE_PATH}/subscriptions/:id/plan-change`, (ctx) =>
    showPlanChangePreview(page, ctx, ctx.params.id ?? ''),
  );
  router.post(`${PORTAL_PAGE_PATH}/subscriptions/:id/change-plan`, (ctx) => changePlan(page, ctx, ctx.params.id ?? ''));
  router.post(`${PORTAL_PAGE_PATH}/subscriptions/:id/keep`, (ctx) => keepSubscription(page, ctx, ctx.params.id ?? ''));
  router.get(`${PORTAL_PAGE_PATH}/invoices/:id/pdf`, (ctx) => downloadPdf(page, ctx, ctx.params.id ?? ''));
  router.get(`${PAY_PAGE_PATH}/:tenantId/:invoiceId`, (ctx) => showPayPage(app, ctx));
  router.post(`${PAY_PAGE_PATH}/:tenantId/:invoiceId`, (ctx) => payLinkedInvoice(app, ctx));
  router.get(`${PORTAL_PAGE_PATH}/assets/portal.css`, serveStyleSheet);
  // Typed for a context the router has already extended; ours is plain until the router runs.
  const routes = router.routes() as unknown as Middleware;
  return async (ctx, next) => {
    if (ctx.path !== PORTAL_PAGE_PATH && !ctx.path.startsWith(`${PORTAL_PAGE_PATH}/`)) {
      await next();
      return;
    }
    setPortalSecurityHeaders(ctx);
    try {
      await routes(ctx, () => {
        answerWithMessage(ctx, ctx.method === 'GET' || ctx.method === 'HEAD' ? 404 : 405, NOT_FOUND);
        return Promise.resolve();
      });
    } catch (error: unknown) {
      app.logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'portal page failed');
      answerWithMessage(ctx, 500, FAILED);
    }
  };
}

/**
 * `GET /portal?token=…`: the link's session becomes the cookie's, and the token leaves the address bar. A link whose
 * customer was deleted (or whose tenant is no longer active) is refused here already, with no cookie.
 */
async function enter(page: PageDeps, ctx: Context): Promise<void> {
  const { token } = ctx.query;
  const now = page.app.clock.now();
  const session = typeof token === 'string' ? openPortalSession(page.keys.link, token, now) : undefined;
  if (session === undefined || (await findSessionCustomer(page.app.orm, session)) === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  const value = sealPortalSession(page.keys.cookie, session);
  setSessionCookie(ctx, { value, expiresAt: session.expiresAt, now, secure: page.secureCookie });
  ctx.status = 303;
  ctx.redirect(PORTAL_PAGE_PATH);
}

async function showPage(page: PageDeps, ctx: Context): Promise<void> {
  const session = sessionOf(page, ctx);
  const read = session && (await readPortalPage(page.app.orm, { ...session, now: page.app.clock.now() }));
  if (session === undefined || read === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  const locale = supportedLocale(session.locale);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderTemplate('page', {
    lang: locale,
    title: `Billing · ${read.companyName}`,
    view: toPageView(read, pageFormat({ locale, timeZone: read.timeZone })),
    returnUrl: session.returnUrl,
    timeZone: read.timeZone,
    currencyNote: `${read.customer.currency} unless shown otherwise`,
    notice: noticeOf(ctx.query.notice),
    csrf: csrfTokenFor(page.keys, session),
    allowed: read.allowed,
    formKey: newFormKey(),
  });
}

/** The PDF of an invoice the page lists: the session's customer's own, never a DRAFT. */
async function downloadPdf(page: PageDeps, ctx: Context, invoiceId: string): Promise<void> {
  const session = sessionOf(page, ctx);
  if (session === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  const document = await findPortalInvoiceDocument(page.app, { ...session, invoiceId });
  if (document === 'no_session') {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  if (document === 'not_found') {
    answerWithMessage(ctx, 404, { heading: 'Invoice not found', message: '' });
    return;
  }
  const name = (document.invoice.number ?? document.invoice.id).replace(/[^A-Za-z0-9_-]/g, '_');
  ctx.set('Content-Disposition', `attachment; filename="${name}.pdf"`);
  ctx.type = 'application/pdf';
  ctx.body = await renderInvoicePdf(document);
}

async function serveStyleSheet(ctx: Context): Promise<void> {
  ctx.type = 'text/css; charset=utf-8';
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.body = await readFile(STYLE_SHEET);
}
