import type { Context } from 'koa';
import type { InvoiceId, TenantId } from '../../domain/ids';
import { formatCalendarDate, formatMoney } from '../../infra/pdf/document-format';
import {
  checkoutLinkedInvoice,
  CUSTOMER_DELETED,
  readInvoicePayment,
  type InvoicePayment,
} from '../../services/portal/customer-portal';
import { openInvoicePayLink, PAY_PAGE_PATH, payLinkKey } from '../../services/portal/sessions';
import { AppError } from '../../services/platform/errors';
import type { AppDeps } from '../app-deps';
import { answerWithMessage, noticeOf, UNAUTHORIZED } from './page-answers';
import { renderTemplate } from './templates';

const NOT_VALID = { heading: 'This link is not valid', message: 'Use the link on your invoice, or ask for a new one.' };

interface PayLinkTarget {
  tenantId: TenantId;
  invoiceId: InvoiceId;
  /** The link itself, under PUBLIC_URL: where the provider sends the customer back. */
  url: string;
}

/** The tenant and invoice of `/portal/pay/:tenantId/:invoiceId?key=…`, when the key is theirs. */
function targetOf(app: AppDeps, ctx: Context): PayLinkTarget | undefined {
  const params = (ctx as Context & { params: Record<string, string | undefined> }).params;
  const opened = openInvoicePayLink(payLinkKey(app.config.encryptionKey), {
    tenantId: params.tenantId ?? '',
    invoiceId: params.invoiceId ?? '',
    key: ctx.query.key,
  });
  if (opened === undefined) return undefined;
  const key = encodeURIComponent(String(ctx.query.key));
  return {
    ...opened,
    url: `${app.config.publicUrl}${PAY_PAGE_PATH}/${opened.tenantId}/${opened.invoiceId}?key=${key}`,
  };
}

/** Why nothing is to be paid, in the customer's words. */
function settledSentence(payment: InvoicePayment): string {
  if (payment.status === 'VOIDED') return 'This invoice was voided: nothing is due.';
  return 'This invoice has been paid: nothing is due.';
}

/**
 * `GET /portal/pay/:tenantId/:invoiceId?key=…`, the pay link an invoice PDF prints: the invoice's number, amount due
 * and due date with a Pay button while something is due, else that nothing is. A wrong key, or a deleted customer's
 * invoice, is 401, an unknown invoice or a draft 404, with nothing that tells which.
 */
export async function showPayPage(app: AppDeps, ctx: Context): Promise<void> {
  const target = targetOf(app, ctx);
  const payment = target && (await readInvoicePayment(app.orm, target));
  if (target === undefined || payment === CUSTOMER_DELETED) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  if (payment === undefined) {
    answerWithMessage(ctx, 404, NOT_VALID);
    return;
  }
  const amountDue = formatMoney(payment.amountDue, payment.currency);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = renderTemplate('pay', {
    lang: 'en',
    title: `Invoice ${payment.number} · ${payment.companyName}`,
    companyName: payment.companyName,
    sellerEmail: payment.sellerEmail,
    number: payment.number,
    payable: payment.payable,
    amountDue,
    dueDate: payment.dueDate === null ? null : formatCalendarDate(payment.dueDate, payment.timeZone),
    settled: settledSentence(payment),
    notice: payment.payable ? noticeOf(ctx.query.notice) : undefined,
    action: target.url.slice(app.config.publicUrl.length),
  });
}

/**
 * `POST` of the same address: the checkout, and the browser sent to the provider's page, which sends it back to the
 * pay page. No CSRF token: the link's key is the only credential, and all a forged post could do is open a checkout
 * for what the invoice still owes, which its holder can do anyway. When it cannot be paid online (no provider for its
 * currency, nothing due any more) the page says so.
 */
export async function payLinkedInvoice(app: AppDeps, ctx: Context): Promise<void> {
  const target = targetOf(app, ctx);
  if (target === undefined) {
    answerWithMessage(ctx, 401, UNAUTHORIZED);
    return;
  }
  const back = (notice: string): void => {
    ctx.status = 303;
    ctx.redirect(`${target.url}&notice=${notice}`);
  };
  try {
    const deps = { orm: app.orm, config: app.config, clock: app.clock, temporal: app.temporal };
    const successUrl = `${target.url}&notice=paid`;
    const payment = await checkoutLinkedInvoice(deps, { ...target, successUrl, cancelUrl: target.url });
    if (payment === CUSTOMER_DELETED) answerWithMessage(ctx, 401, UNAUTHORIZED);
    else if (payment.checkoutUrl === null) back('payment-unavailable');
    else {
      ctx.status = 303;
      ctx.redirect(payment.checkoutUrl);
    }
  } catch (error: unknown) {
    if (!(error instanceof AppError) || error.kind === 'unavailable') throw error;
    back('payment-unavailable');
  }
}
