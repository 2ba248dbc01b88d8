import type { InvoiceId, TenantId } from '../../../domain/ids';
import { COLLECTING_STATUSES, type InvoiceStatus } from '../../../domain/invoices';
import type { CurrencyCode } from '../../../domain/money';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { findCustomerOnRecord } from '../../catalog/customers';
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

/**
 * A pay link whose invoice's customer has been deleted: like the hosted page's session of a deleted customer, it
 * shows nothing and opens nothing.
 */
export const CUSTOMER_DELETED = 'customer_deleted';

/**
 * The invoice a pay link names; undefined for an inactive tenant, an unknown invoice, or a draft (never sent);
 * `CUSTOMER_DELETED` when its customer has been deleted.
 */
export async function readInvoicePayment(
  orm: Orm,
  link: { tenantId: TenantId; invoiceId: InvoiceId },
): Promise<InvoicePayment | typeof CUSTOMER_DELETED | undefined> {
  const tenant = await findTenantDetails(orm, link.tenantId);
  if (tenant === undefined || !tenant.isActive) return undefined;
  const sql = tenantSql(orm, link.tenantId);
  const document = await findInvoiceDocument({ orm, sql, invoiceId: link.invoiceId });
  if (document === undefined || document.invoice.number === null || document.invoice.status === 'DRAFT') {
    return undefined;
  }
  if (await customerDeleted(sql, (await findInvoice(sql, link.invoiceId))?.customerId)) return CUSTOMER_DELETED;
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
 * takes its currency; an open one is reused). A draft is `invoice_not_found`, as on the portal; a deleted customer's
 * invoice opens none (`CUSTOMER_DELETED`).
 */
export async function checkoutLinkedInvoice(
  deps: CheckoutDeps & { orm: Orm },
  request: { tenantId: TenantId; invoiceId: InvoiceId; successUrl: string; cancelUrl: string },
): Promise<PaymentRecord | typeof CUSTOMER_DELETED> {
  const sql = tenantSql(deps.orm, request.tenantId);
  const invoice = await findInvoice(sql, request.invoiceId);
  if (invoice === undefined || invoice.status === 'DRAFT') throw invoiceNotFound(request.invoiceId);
  if (await customerDeleted(sql, invoice.customerId)) return CUSTOMER_DELETED;
  const { successUrl, cancelUrl, invoiceId } = request;
  return (await checkoutInvoice(deps, sql, { invoiceId, successUrl, cancelUrl })).payment;
}

/** Whether the invoice's customer is deleted (or gone). */
async function customerDeleted(sql: ReturnType<typeof tenantSql>, customerId: string | undefined): Promise<boolean> {
  if (customerId === undefined) return true;
  return (await findCustomerOnRecord(sql, customerId))?.deleted !== false;
}
