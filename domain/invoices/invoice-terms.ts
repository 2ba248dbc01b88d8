const DAY_MS = 86_400_000;

/** `instant` plus whole days of 24 hours: payment terms and grace periods count elapsed days, not calendar dates. */
export function addDays(instant: Date, days: number): Date {
  return new Date(instant.getTime() + days * DAY_MS);
}

/** The first value that is set: the customer's, then the plan's, then the tenant's (CONTRACT §7). */
export function resolveDays(...candidates: readonly (number | null | undefined)[]): number {
  for (const candidate of candidates) {
    if (candidate !== null && candidate !== undefined) return candidate;
  }
  return 0;
}

/** The due date at finalize: issued plus the net payment terms. */
export function computeDueDate(issuedAt: Date, netPaymentTermsDays: number): Date {
  return addDays(issuedAt, netPaymentTermsDays);
}

/** Undefined when a generated invoice finalizes at once, otherwise the instant its grace period ends. */
export function computeFinalizeAfter(now: Date, gracePeriodDays: number): Date | undefined {
  return gracePeriodDays > 0 ? addDays(now, gracePeriodDays) : undefined;
}
