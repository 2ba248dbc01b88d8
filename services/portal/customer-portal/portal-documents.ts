import { parseId, type CustomerId, type TenantId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { findCustomer, type CustomerRecord } from '../../catalog/customers';
import { findInvoice } from '../../billing/invoices';
import { findInvoicePdfDocument } from '../../payments/documents';
import { findTenantDetails, type PortalSettings } from '../../platform/tenants';
import type { InvoiceDocument } from '../../../infra/pdf/invoice-document';
import { payLinksOf } from '../sessions';

export interface SessionOwner {
  tenantId: TenantId;
  customerId: CustomerId;
}

/** Who acts through a session, and what the tenant lets them do besides paying. */
export interface SessionCustomer {
  companyName: string;
  customer: CustomerRecord;
  allowed: PortalSettings;
}

/**
 * The session's customer and the tenant's portal switches, read afresh for each action (a switch turned off stops
 * the next post), while both customer and tenant are live; undefined once either is gone (the page says 401).
 */
export async function findSessionCustomer(orm: Orm, owner: SessionOwner): Promise<SessionCustomer | undefined> {
  const tenant = await findTenantDetails(orm, owner.tenantId);
  if (tenant === undefined || !tenant.isActive) return undefined;
  const customer = await findCustomer(tenantSql(orm, owner.tenantId), owner.customerId);
  return customer === undefined
    ? undefined
    : { companyName: tenant.companyName, customer, allowed: tenant.settings.portal };
}

/**
 * An invoice's PDF source, when it is one the session's customer sees on the page: its own and not a DRAFT
 * (`not_found` otherwise, as for an unknown id), while customer and tenant are live (`no_session` once either is gone:
 * a link outlives neither).
 */
export async function findPortalInvoiceDocument(
  deps: { orm: Orm; config: { encryptionKey: Buffer; publicUrl: string } },
  request: SessionOwner & { invoiceId: string },
): Promise<InvoiceDocument | 'no_session' | 'not_found'> {
  const { orm } = deps;
  if ((await findSessionCustomer(orm, request)) === undefined) return 'no_session';
  const invoiceId = parseId('invoice', request.invoiceId);
  if (invoiceId === undefined) return 'not_found';
  const sql = tenantSql(orm, request.tenantId);
  const invoice = await findInvoice(sql, invoiceId);
  if (invoice === undefined || invoice.customerId !== request.customerId || invoice.status === 'DRAFT')
    return 'not_found';
  return (await findInvoicePdfDocument({ orm, sql, invoiceId, payLink: payLinksOf(deps.config) })) ?? 'not_found';
}
