/**
 * Business time: the instant records are stamped with (issue, payment, cancellation dates, event occurrences) and
 * that periods, trials, due dates and expiries are measured from. Services, activities and routes read it through
 * this port, never from `Date.now()` or `new Date()` (lint enforces it), so that a test clock (CONTRACT §16: a
 * customer's simulated time) can stand in for the wall clock later without touching the code that reads it.
 * Workflows are not covered: their time is Temporal's deterministic `Date.now()`, passed to activities as `now`.
 */
export interface Clock {
  now(): Date;
}

/** A clock stopped at `instant`: tests, and what a frozen test clock is between two advances. */
export function fixedClock(instant: Date): Clock {
  const at = instant.getTime();
  return { now: () => new Date(at) };
}
