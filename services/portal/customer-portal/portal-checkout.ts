import { findInvoice, invoiceNotFound } from '../../billing/invoices';
import { checkoutInvoice } from '../../payments/checkout';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { PaymentRecord } from '../../payments/records';

export type PortalCheckoutDeps = Parameters<typeof checkoutInvoice>[0];
export type PortalCheckoutRequest = Omit<Parameters<typeof checkoutInvoice>[2], 'invoiceId'> & {
  customerId: string;
  invoiceId: string;
};

/**
 * `POST /portal/customers/:externalId/invoices/:invoiceId/checkout`: the customer's own invoice, through the same use
 * case as `POST /invoices/:id/checkout`. Another customer's invoice and a DRAFT are 404 `invoice_not_found`, as if
 * they did not exist: the portal shows neither.
 */
export async function checkoutPortalInvoice(
  deps: PortalCheckoutDeps,
  sql: TenantSql,
  request: PortalCheckoutRequest,
): Promise<{ payment: PaymentRecord; created: boolean }> {
  const { customerId, ...checkout } = request;
  const invoice = await findInvoice(sql, request.invoiceId);
  if (invoice === undefined || invoice.customerId !== customerId || invoice.status === 'DRAFT') {
    throw invoiceNotFound(request.invoiceId);
  }
  return checkoutInvoice(deps, sql, checkout);
}
