import type { InvoiceId, TenantId } from '../../../domain/ids';
import { COLLECTING_STATUSES, type InvoiceStatus } from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { findInvoice, findInvoiceDocument, invoiceNotFound } from '../../billing/invoices';
import { checkoutInvoice } from '../../payments/checkout';
import type { PaymentRecord } from '../../payments/records';
import { findTenantDetails } from '../../platform/tenants';

type CheckoutDeps = Parameters<typeof checkoutInvoice>[0];

/** What an invoice's pay page shows: what its PDF shows of it, and no more. */
export interface InvoicePayment {
  companyName: string;
  sellerEmail: string;
  number: string;
  status: InvoiceStatus;
  currency: CurrencyCode;
  amountDue: bigint;
  dueDate: Date | null;
  /** Whether the customer can pay it now: OPEN or UNCOLLECTIBLE with something due. */
  payable: boolean;
  timeZone: string;
}

/** The invoice a pay link names; undefined for an inactive tenant, an unknown invoice, or a draft (never sent). */
export async function readInvoicePayment(
  orm: Orm,
  link: { tenantId: TenantId; invoiceId: InvoiceId },
): Promise<InvoicePayment | undefined> {
  const tenant = await findTenantDetails(orm, link.tenantId);
  if (tenant === undefined || !tenant.isActive) return undefined;
  const document = await findInvoiceDocument({ orm, sql: tenantSql(orm, link.tenantId), invoiceId: link.invoiceId });
  if (document === undefined || document.invoice.number === null || document.invoice.status === 'DRAFT') {
    return undefined;
  }
  const { invoice } = document;
  return {
    companyName: document.seller.companyName,
    sellerEmail: document.seller.email,
    number: invoice.number ?? invoice.id,
    status: invoice.status,
    currency: invoice.currency,
    amountDue: invoice.amountDue,
    dueDate: invoice.dueDate,
    payable: invoice.amountDue > 0n && COLLECTING_STATUSES.includes(invoice.status),
    timeZone: document.timeZone,
  };
}

/**
 * The checkout of the invoice a pay link names, as `POST /invoices/:id/checkout` makes it (the default provider that
 * takes its currency; an open one is reused). A draft is `invoice_not_found`, as on the portal.
 */
export async function checkoutLinkedInvoice(
  deps: CheckoutDeps & { orm: Orm },
  request: { tenantId: TenantId; invoiceId: InvoiceId; successUrl: string; cancelUrl: string },
): Promise<PaymentRecord> {
  const sql = tenantSql(deps.orm, request.tenantId);
  const invoice = await findInvoice(sql, request.invoiceId);
  if (invoice === undefined || invoice.status === 'DRAFT') throw invoiceNotFound(request.invoiceId);
  const { successUrl, cancelUrl, invoiceId } = request;
  return (await checkoutInvoice(deps, sql, { invoiceId, successUrl, cancelUrl })).payment;
}
