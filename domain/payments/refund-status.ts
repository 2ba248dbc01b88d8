/** A refund's statuses (CONTRACT §11): PENDING until the provider answers, then SUCCEEDED or FAILED. */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
