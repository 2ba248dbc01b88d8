import { invoicePurpose, type InvoiceStatus } from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { failInvoicePurchases, settleInvoicePurchases } from '../wallets';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

const UNPAID_FOR_GOOD: readonly InvoiceStatus[] = ['VOIDED', 'UNCOLLECTIBLE'];

/**
 * A credit-purchase invoice's outcome decides its credits: PAID settles a purchase still PENDING, VOIDED or
 * UNCOLLECTIBLE fails it (and a void takes back credits that settled unpaid). Other invoices and unchanged statuses
 * do nothing.
 */
export async function settleCreditPurchase(
  sql: InvoiceSql,
  transaction: SqlTransaction,
  change: { before: InvoiceRecord; after: InvoiceRecord; now: Date },
): Promise<void> {
  const { before, after, now } = change;
  if (before.status === after.status || invoicePurpose(after.lines) !== 'CREDIT_PURCHASE') return;
  if (after.status === 'PAID') await settleInvoicePurchases(sql, transaction, { invoiceId: after.id, now });
  if (UNPAID_FOR_GOOD.includes(after.status)) {
    await failInvoicePurchases(sql, transaction, { invoiceId: after.id, voided: after.status === 'VOIDED', now });
  }
}
