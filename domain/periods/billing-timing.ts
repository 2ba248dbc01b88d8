/** When a period is invoiced: on the invoice that opens it (IN_ADVANCE) or on the one that closes it (IN_ARREARS). */
export const BILLING_TIMINGS = ['IN_ADVANCE', 'IN_ARREARS'] as const;
export type BillingTiming = (typeof BILLING_TIMINGS)[number];
