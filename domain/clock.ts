/**
 * Business time: the instant records are stamped with (issue, payment, cancellation dates, event occurrences) and
 * that periods, trials, due dates and expiries are measured from. Services, activities and routes read it through
 * this port, never from the wall clock directly (lint enforces it): for a customer on a test clock it is the clock's
 * time (`customerClock` in the customers module), for any other the wall clock. Workflows keep their own time in
 * `workflows/shared/business-time.ts` and pass it to activities as `now`.
 */
export interface Clock {
  now(): Date;
}

/** A clock stopped at `instant`: tests, and what a frozen test clock is between two advances. */
export function fixedClock(instant: Date): Clock {
  const at = instant.getTime();
  return { now: () => new Date(at) };
}
