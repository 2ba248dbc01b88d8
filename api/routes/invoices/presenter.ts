import type { InvoiceRecord } from '../../../infra/invoices/invoice-records';
import { invoiceView } from '../../../infra/invoices/invoice-view';
import type { InvoiceJson } from './schema';

/** The same view the outbox events carry, so webhooks and GET agree. */
export function presentInvoice(invoice: InvoiceRecord): InvoiceJson {
  return invoiceView(invoice);
}
