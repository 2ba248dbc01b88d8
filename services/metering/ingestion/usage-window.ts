/** A usage segment the subscription workflow has closed: `[start, end)`, `open` while its invoice is a DRAFT. */
export interface UsageSegment {
  start: Date;
  end: Date;
  open: boolean;
}

/** What decides whether a subscription takes an event at a given instant, read once per batch. */
export interface UsageWindow {
  subscriptionId: string;
  customerId: string;
  startDate: Date;
  currentPeriodStart: Date | null;
  /** When it ended (CANCELED) or is scheduled to end; null while it runs on. */
  endsAt: Date | null;
  /** When the pause began, while PAUSED. */
  pausedAt: Date | null;
  segments: readonly UsageSegment[];
}

export type TimestampRefusal = { kind: 'invalid' | 'paused' | 'closed'; message: string };

/** CONTRACT §10: a timestamp more than 5 minutes ahead of the time of receipt is refused (clock skew allowance). */
export const MAX_FUTURE_MS = 5 * 60 * 1000;

/**
 * Whether `timestamp` is open for usage on the subscription (undefined) or why not. Closed means inside a segment
 * already billed on an invoice that is no longer a DRAFT (or billed nothing), or before the current period and in
 * no segment still DRAFT: the usage of such an instant is on a finalized or voided invoice. Inside a DRAFT segment
 * the event is taken, since that invoice's usage is computed again at finalize.
 */
export function judgeTimestamp(window: UsageWindow, timestamp: Date, now: Date): TimestampRefusal | undefined {
  const at = timestamp.getTime();
  if (at > now.getTime() + MAX_FUTURE_MS) {
    return { kind: 'invalid', message: 'is more than 5 minutes in the future' };
  }
  if (at < window.startDate.getTime()) {
    return { kind: 'invalid', message: `is before the subscription started (${window.startDate.toISOString()})` };
  }
  if (window.endsAt !== null && at >= window.endsAt.getTime()) {
    return { kind: 'invalid', message: `is after the subscription ended (${window.endsAt.toISOString()})` };
  }
  if (window.pausedAt !== null && at >= window.pausedAt.getTime()) {
    return { kind: 'paused', message: `falls in a pause of the subscription (since ${window.pausedAt.toISOString()})` };
  }
  let billed = false;
  for (const segment of window.segments) {
    if (segment.start.getTime() <= at && at < segment.end.getTime()) {
      if (segment.open) return undefined;
      billed = true;
    }
  }
  if (billed || (window.currentPeriodStart !== null && at < window.currentPeriodStart.getTime())) {
    return { kind: 'closed', message: 'falls in a usage period already on a finalized or voided invoice' };
  }
  return undefined;
}
