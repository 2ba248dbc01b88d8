import type { InvoiceRecord } from '../../../services/billing/invoices';
import { invoiceView } from '../../../services/billing/invoices';
import type { InvoiceJson } from './schema';

/** The same view the outbox events carry, so webhooks and GET agree. */
export function presentInvoice(invoice: InvoiceRecord): InvoiceJson {
  return invoiceView(invoice);
}
