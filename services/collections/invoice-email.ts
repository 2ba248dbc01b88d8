import { requireId } from '../../domain/ids';
import { checkInvoiceTransition } from '../../domain/invoices';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import type { Mailer } from '../../infra/mail';
import { renderInvoicePdf } from '../../infra/pdf/invoice-pdf';
import { AppError, validationFailed } from '../errors';
import { invoiceError, invoiceNotFound, loadInvoiceDocument, type InvoiceRecord, findInvoice } from '../invoices';
import { findTenantDetails, openTenantMailer, tenantNotFound, type SmtpTestConfig } from '../tenants';
import { emailFailed } from './collection-errors';
import { composeInvoiceEmail, type InvoiceEmailKind } from './invoice-email-content';

/**
 * The payment link of an invoice e-mail: the invoice's unexpired PENDING checkout or a new one, null when no provider
 * fits (CONTRACT §12: without a provider the mail goes without a link). `ensureInvoiceCheckout` of services/checkout.
 */
export type CheckoutLink = (input: { tenantId: string; invoiceId: string }) => Promise<string | null>;

export interface InvoiceEmailDeps {
  orm: Orm;
  config: SmtpTestConfig;
  /** The platform's mailer (SMTP_URL), for tenants without SMTP settings of their own. */
  platformMailer: Mailer;
  checkoutLink: CheckoutLink;
  logger: Logger;
}

export interface InvoiceEmailRequest {
  tenantId: string;
  invoiceId: string;
  /** The recipient; the customer's e-mail address by default. */
  to?: string;
  kind: InvoiceEmailKind;
}

const PDF = 'application/pdf';
const fileNameOf = (name: string): string => `${name.replace(/[^A-Za-z0-9_-]/g, '_')}.pdf`;

/**
 * E-mails an OPEN, UNCOLLECTIBLE or PAID invoice (CONTRACT §12) through the tenant's SMTP settings, else the
 * platform's: the PDF attached (the bytes GET /invoices/:id/pdf serves) and, when something is due, a checkout link.
 * DRAFT and VOIDED are `invalid_state_transition`; an SMTP refusal is `email_failed` with the server's answer.
 * Resolves with the invoice as it was sent.
 */
export async function sendInvoiceEmail(deps: InvoiceEmailDeps, request: InvoiceEmailRequest): Promise<InvoiceRecord> {
  const sql = tenantSql(deps.orm, request.tenantId);
  const invoiceId = requireId('invoice', request.invoiceId);
  const invoice = await findInvoice(sql, invoiceId);
  if (invoice === undefined) throw invoiceNotFound(request.invoiceId);
  const refusal = checkInvoiceTransition(invoice.status, 'send_email');
  if (refusal !== undefined) throw invoiceError(refusal, invoice.id);
  const document = await loadInvoiceDocument({ orm: deps.orm, sql, invoiceId });
  if (document === undefined) throw invoiceNotFound(request.invoiceId);
  const to = request.to ?? document.customer.email;
  if (to.trim() === '') {
    throw validationFailed([{ path: 'body.to', message: 'the customer has no e-mail address: give `to`' }]);
  }
  const checkoutUrl = invoice.amountDueMinor > 0n ? await checkoutLinkOf(deps, request) : null;
  const content = composeInvoiceEmail({ document, kind: request.kind, checkoutUrl });
  const pdf = await renderInvoicePdf(document);
  const mailer = await mailerOf(deps, request.tenantId);
  try {
    await mailer.send({
      to,
      ...content,
      attachments: [{ filename: fileNameOf(invoice.number ?? invoice.id), content: pdf, contentType: PDF }],
    });
  } catch (error) {
    throw emailFailed(error instanceof Error ? error.message : String(error));
  }
  return invoice;
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

/** The tenant's own server when it has SMTP settings, else the platform's. */
async function mailerOf(deps: InvoiceEmailDeps, tenantId: string): Promise<Mailer> {
  const tenant = await findTenantDetails(deps.orm, requireId('tenant', tenantId));
  if (tenant === undefined) throw tenantNotFound();
  if (tenant.smtp === null) return deps.platformMailer;
  const opened = await openTenantMailer({
    tenantId: requireId('tenant', tenantId),
    smtp: tenant.smtp,
    config: deps.config,
  });
  if (!opened.ok) throw emailFailed(opened.reason);
  return opened.mailer;
}
