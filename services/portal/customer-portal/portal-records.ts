import type { TenantSql } from '../../../infra/db/tenant-sql';
import { listInvoices, type InvoiceRecord } from '../../billing/invoices';
import { listSubscriptions, type SubscriptionRecord } from '../../billing/subscriptions';
import { listPayments, type PaymentRecord } from '../../payments/records';
import { readPaymentDetails, type PaymentDetails } from '../../payments/refunds';

export interface PortalWindow {
  limit: number;
  offset: number;
}

export interface Page<T> {
  records: T[];
  total: number;
}

/** The customer's subscriptions, every status, newest first. */
export async function listPortalSubscriptions(
  sql: TenantSql,
  customerId: string,
  window: PortalWindow,
): Promise<Page<SubscriptionRecord>> {
  return listSubscriptions(sql, { customerId }, window);
}

/** The customer's invoices newest first, DRAFTs left out: a draft may still change, and is not the customer's yet. */
export async function listPortalInvoices(
  sql: TenantSql,
  customerId: string,
  window: PortalWindow,
): Promise<Page<InvoiceRecord>> {
  return listInvoices(sql, { filter: { customerId, excludeStatus: 'DRAFT' }, ...window });
}

/** The customer's payments newest first, each with its refunds and provider notifications. */
export async function listPortalPayments(
  sql: TenantSql,
  request: { customerId: string; window: PortalWindow; now: Date },
): Promise<Page<PaymentRecord> & { details: Map<string, PaymentDetails> }> {
  const page = await listPayments(sql, { filter: { customerId: request.customerId }, ...request.window });
  const details = await readPaymentDetails(
    sql,
    page.records.map((payment) => payment.id),
    request.now,
  );
  return { ...page, details };
}
