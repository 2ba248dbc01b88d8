import type { ActivityOptions } from '@temporalio/workflow';

/**
 * Activity option presets, defined once. Workflows pick one by the kind of side effect, never ad-hoc numbers.
 */

/** Idempotent internal I/O (database, logging, rendering): retried with backoff until it succeeds. */
export const internalActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/**
 * A single attempt: the workflow owns the retry schedule with durable timers (the 0/5m/30m/2h/24h webhook
 * ladder is business, not exponential backoff), so Temporal must not retry underneath it.
 */
export const singleAttemptActivityOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { maximumAttempts: 1 },
};

/**
 * Outbound mail (dunning reminders): retried for about an hour, then given up so the ladder goes on; a mail server
 * that refuses for longer is the tenant's to fix, and the next reminder tries again.
 */
export const mailActivityOptions: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '30 seconds', backoffCoefficient: 2, maximumInterval: '20 minutes', maximumAttempts: 6 },
};
