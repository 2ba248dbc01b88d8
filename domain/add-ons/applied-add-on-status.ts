/** An applied add-on waits (PENDING) for the customer's next invoice, is INVOICED once billed, or REMOVED before. */
export const APPLIED_ADD_ON_STATUSES = ['PENDING', 'INVOICED', 'REMOVED'] as const;
export type AppliedAddOnStatus = (typeof APPLIED_ADD_ON_STATUSES)[number];
