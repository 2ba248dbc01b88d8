import type { ActivityOptions, LocalActivityOptions } from '@temporalio/workflow';

/**
 * Activity option presets, defined once. Workflows pick one by the kind of side effect, never ad-hoc numbers.
 */

/** Idempotent internal I/O (database, logging, rendering): retried with backoff until it succeeds. */
export const internalActivityOptions: ActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/**
 * Pure computation run as a local activity (calendar maths that needs the worker's time-zone data): no I/O, so no
 * round trip through the server is worth recording; retried like internal I/O should it ever throw.
 */
export const localComputationOptions: LocalActivityOptions = {
  startToCloseTimeout: '10 seconds',
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

/**
 * A provider call a person is waiting for (the checkout the API's request awaits for at most 15 s): a few quick
 * attempts within 10 s, then the workflow takes the failure as the provider's answer instead of retrying on.
 */
export const interactiveProviderCallOptions: ActivityOptions = {
  startToCloseTimeout: '8 seconds',
  scheduleToCloseTimeout: '10 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '4 seconds' },
};

/**
 * Internal I/O run as a local activity (a workflow of a test-clock customer, see shared/clock-activities.ts): the same
 * timeouts and retries as `internalActivityOptions`, with no task through the server.
 */
export const internalLocalActivityOptions: LocalActivityOptions = {
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};
