import type { Duration } from '@temporalio/common';

/** Wire types of the clock-check diagnostic (JSON across the Temporal boundary: instants as ISO strings). */

export interface ClockCheckInput {
  /** How long the durable timer sleeps: milliseconds or an ms-formatted string such as '30 days'. */
  sleep: Duration;
}

export interface ClockCheckResult {
  /** Workflow time (`Date.now()` inside the workflow, i.e. server time) before and after the timer. */
  startedAt: string;
  wokeAt: string;
  elapsedMs: number;
  record: ClockCheckRecord;
}

export interface RecordClockCheckInput {
  workflowId: string;
  startedAt: string;
  wokeAt: string;
}

/** What the activity observed: its own wall clock, and the server time at which the task was scheduled. */
export interface ClockCheckRecord {
  recordedAt: string;
  scheduledAt: string;
  attempt: number;
}
