/** Why a period's invoice could not be issued: its usage priced beyond the money maximum. */
export const BILLING_ERROR_CODES = ['amount_out_of_range'] as const;
export type BillingErrorCode = (typeof BILLING_ERROR_CODES)[number];
