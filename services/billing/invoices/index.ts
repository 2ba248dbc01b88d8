export { createInvoice, type NewInvoice } from './create-invoice';
export { createManualInvoice, type NewManualInvoice } from './create-manual-invoice';
export { issueCreditPurchaseInvoice, type CreditSale } from './credit-purchase-invoice';
export { finalizeInvoice, finalizeInvoiceIfDraft } from './finalize-invoice';
export { applyCreditSettlement } from './invoice-credit';
export { documentSellerOf, findInvoiceDocument } from './invoice-document-source';
export { invoiceError, invoiceNotFound, invoiceValue, manualInvoiceValue } from './invoice-errors';
export type { InvoiceOutcome } from './invoice-outcome';
export {
  countInvoices,
  findInvoiceCurrency,
  hasOverdueInvoices,
  listCollectingInvoiceIds,
  listDraftInvoices,
  listInvoices,
} from './invoice-queries';
export type { InvoiceRecord, InvoiceSql, InvoiceTable } from './invoice-records';
export { findInvoice } from './invoice-store';
export { applyPaymentToInvoice, changeInvoice, lockInvoice, voidLockedInvoice } from './invoice-transitions';
export { markInvoiceUncollectible } from './invoice-uncollectible';
export { invoiceView } from './invoice-view';
export { closeUsageSegment } from './usage-invoice';
export { deleteCustomersInvoices } from './customer-removal';
