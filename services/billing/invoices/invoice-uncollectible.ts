import type { InvoiceId } from '../../../domain/ids';
import { checkInvoiceTransition } from '../../../domain/invoices';
import type { InvoiceOutcome } from './invoice-outcome';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';
import { findInvoice, saveInvoiceState } from './invoice-store';

/**
 * OPEN → UNCOLLECTIBLE: dunning has given up on the invoice (CONTRACT §12). It keeps its amount due, so a late
 * payment still settles it (PAID with `invoice.paid`). No webhook: SPEC §6.2 has no event for it, and the invoice's
 * record shows the status. The row lock orders it after a concurrent payment or void.
 */
export async function markInvoiceUncollectible(
  sql: InvoiceSql,
  invoiceId: InvoiceId,
  now: Date,
): Promise<InvoiceOutcome<InvoiceRecord>> {
  return sql.transactional(async (transaction): Promise<InvoiceOutcome<InvoiceRecord>> => {
    const invoice = await findInvoice(sql, invoiceId, { transaction, forUpdate: true });
    if (invoice === undefined) return { ok: false, error: { code: 'invoice_not_found' } };
    const refusal = checkInvoiceTransition(invoice.status, 'mark_uncollectible');
    if (refusal !== undefined) return { ok: false, error: refusal };
    const changes = { status: 'UNCOLLECTIBLE' as const };
    return { ok: true, value: await saveInvoiceState(sql, transaction, { invoice, changes, now }) };
  });
}
