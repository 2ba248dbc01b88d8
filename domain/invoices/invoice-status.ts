/** An invoice's statuses (CONTRACT §7), in the order the API documents them. */
export const INVOICE_STATUSES = ['DRAFT', 'OPEN', 'PAID', 'VOIDED', 'UNCOLLECTIBLE'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What an invoice line bills. */
export const INVOICE_LINE_TYPES = ['SUBSCRIPTION', 'PRORATION', 'USAGE', 'ADD_ON', 'CREDIT', 'MANUAL'] as const;
export type InvoiceLineType = (typeof INVOICE_LINE_TYPES)[number];
