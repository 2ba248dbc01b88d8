import { requireId } from '../../../domain/ids';
import { checkInvoiceTransition } from '../../../domain/invoices';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { mailerOnBehalfOf, type MailMessage, type Mailer } from '../../../infra/mail';
import { renderInvoicePdf } from '../../../infra/pdf/invoice-pdf';
import { AppError, validationFailed } from '../../platform/errors';
import { invoiceError, invoiceNotFound, type InvoiceRecord, findInvoice } from '../../billing/invoices';
import { findTenantDetails, openTenantMailer, tenantNotFound, type SmtpTestConfig } from '../../platform/tenants';
import { findInvoicePdfDocument, type PayLink } from '../documents';
import { emailFailed, smtpNotConfigured } from './collection-errors';
import { composeInvoiceEmail, type InvoiceEmailKind } from './invoice-email-content';
import { platformMailLimitReached, releasePlatformMail, reservePlatformMail } from './platform-mail-quota';

/**
 * The payment link of an invoice e-mail: the invoice's unexpired PENDING checkout or a new one, null when no provider
 * fits (CONTRACT §12: without a provider the mail goes without a link). `ensureInvoiceCheckout` of services/payments/checkout.
 */
export type CheckoutLink = (input: { tenantId: string; invoiceId: string }) => Promise<string | null>;

export interface InvoiceEmailDeps {
  orm: Orm;
  config: SmtpTestConfig;
  /** The platform's mailer (SMTP_URL), for tenants without SMTP settings of their own. */
  platformMailer: Mailer;
  /** PLATFORM_MAIL_PER_DAY: a tenant's invoice e-mails through `platformMailer` per UTC day. */
  platformMailPerDay: number;
  checkoutLink: CheckoutLink;
  /** The pay link the attached PDF prints, as GET /invoices/:id/pdf does. */
  payLink: PayLink;
  logger: Logger;
}

export interface InvoiceEmailRequest {
  tenantId: string;
  invoiceId: string;
  /**
   * The recipient; the customer's e-mail address by default. Another address needs the tenant's own SMTP settings
   * (`smtp_not_configured`).
   */
  to?: string;
  kind: InvoiceEmailKind;
}

const PDF = 'application/pdf';
const fileNameOf = (name: string): string => `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

/**
 * E-mails an OPEN, UNCOLLECTIBLE or PAID invoice (CONTRACT §12) through the tenant's SMTP settings, else the
 * platform's: the PDF attached (the bytes GET /invoices/:id/pdf serves) and, when something is due, a checkout link.
 * DRAFT and VOIDED are `invalid_state_transition`; an SMTP refusal is `email_failed` with the server's answer.
 * The platform's server is no relay: through it the mail goes only to the customer's stored address
 * (`smtp_not_configured` otherwise), and at most `platformMailPerDay` a UTC day per tenant
 * (`platform_mail_limit_reached`, a RetryLaterError). Resolves with the invoice as it was sent.
 */
export async function sendInvoiceEmail(deps: InvoiceEmailDeps, request: InvoiceEmailRequest): Promise<InvoiceRecord> {
  const sql = tenantSql(deps.orm, request.tenantId);
  const invoiceId = requireId('invoice', request.invoiceId);
  const invoice = await findInvoice(sql, invoiceId);
  if (invoice === undefined) throw invoiceNotFound(request.invoiceId);
  const refusal = checkInvoiceTransition(invoice.status, 'send_email');
  if (refusal !== undefined) throw invoiceError(refusal, invoice.id);
  const document = await findInvoicePdfDocument({ orm: deps.orm, sql, invoiceId, payLink: deps.payLink });
  if (document === undefined) throw invoiceNotFound(request.invoiceId);
  const mailer = await mailerOf(deps, request.tenantId);
  const to = recipientOf(request, document.customer.email, mailer.platform);
  const compose = async () => {
    const checkoutUrl = invoice.amountDueMinor > 0n ? await checkoutLinkOf(deps, request) : null;
    const content = composeInvoiceEmail({ document, kind: request.kind, checkoutUrl });
    const pdf = await renderInvoicePdf(document);
    const attachment = { filename: fileNameOf(invoice.number ?? invoice.id), content: pdf, contentType: PDF };
    return { to, ...content, attachments: [attachment] };
  };
  const send = async () => sendOrFail(mailer, await compose());
  if (mailer.platform) await sendCounted(deps, request.tenantId, send);
  else await send();
  return invoice;
}

/**
 * The address the mail goes to: `to` when given, the customer's stored one otherwise. Through the platform's server
 * only the stored address is used (a `to` repeating it, in any case, is allowed), so the server relays nothing to
 * addresses a tenant types in.
 */
function recipientOf(request: InvoiceEmailRequest, stored: string, platform: boolean): string {
  const given = request.to?.trim();
  if (platform && given !== undefined && given.toLowerCase() !== stored.trim().toLowerCase()) {
    throw smtpNotConfigured();
  }
  const to = platform ? stored : (given ?? stored);
  if (to.trim() === '') {
    const hint = platform ? 'set one on the customer' : 'give `to`';
    throw validationFailed([{ path: 'body.to', message: `the customer has no e-mail address: ${hint}` }]);
  }
  return to;
}

async function sendOrFail(mailer: Mailer, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (error) {
    // The cause tells a caller that may go on without the mail (a dunning reminder) that no server exists at all.
    throw Object.assign(emailFailed(error instanceof Error ? error.message : String(error)), { cause: error });
  }
}

/**
 * Through the platform's server: counted against the tenant's day before anything is prepared (no checkout is opened
 * for a mail that will not go), given back when it was not sent.
 */
async function sendCounted(deps: InvoiceEmailDeps, tenantId: string, send: () => Promise<void>): Promise<void> {
  const perDay = deps.platformMailPerDay;
  const reservation = await reservePlatformMail(deps.orm, { tenantId, perDay });
  if (!reservation.ok) throw platformMailLimitReached(perDay, reservation.retryAfter);
  try {
    await send();
  } catch (error) {
    await releasePlatformMail(deps.orm, { tenantId, day: reservation.day });
    throw error;
  }
}

/**
 * The link, or none when the checkout cannot be made right now (the provider refused, Temporal is down): the
 * invoice and its PDF are worth sending anyway, and the next reminder tries again.
 */
async function checkoutLinkOf(deps: InvoiceEmailDeps, request: InvoiceEmailRequest): Promise<string | null> {
  try {
    return await deps.checkoutLink({ tenantId: request.tenantId, invoiceId: request.invoiceId });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.logger.warn({ err: error, ...request }, 'invoice e-mail sent without a checkout link');
    return null;
  }
}

/**
 * The tenant's own server when it has SMTP settings (its own `from`), else the platform's (`platform`), sending from
 * the platform's address with replies to the tenant's e-mail address.
 */
async function mailerOf(deps: InvoiceEmailDeps, tenantId: string): Promise<Mailer & { platform: boolean }> {
  const tenant = await findTenantDetails(deps.orm, requireId('tenant', tenantId));
  if (tenant === undefined) throw tenantNotFound();
  if (tenant.smtp === null) return { ...mailerOnBehalfOf(deps.platformMailer, tenant.email), platform: true };
  const opened = await openTenantMailer({
    tenantId: requireId('tenant', tenantId),
    smtp: tenant.smtp,
    config: deps.config,
  });
  if (!opened.ok) throw emailFailed(opened.reason);
  return { send: (message) => opened.mailer.send(message), platform: false };
}
