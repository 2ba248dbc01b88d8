import { DateTime } from 'luxon';
import { computeBillingPeriod, type BillingInterval } from '../periods';
import type { SubscriptionStatus } from './subscription-status';

/** What a new subscription's first state depends on; `timeZone` is the customer's, else the tenant's (IANA). */
export interface InitialTerms {
  start: Date;
  trialDays: number;
  interval: BillingInterval;
  timeZone: string;
}

export interface InitialState {
  status: Extract<SubscriptionStatus, 'TRIALING' | 'ACTIVE'>;
  /** The anniversary calendar's origin: the trial end for a trial (the first paid period starts there), else start. */
  billingAnchor: Date;
  trialStart: Date | null;
  trialEnd: Date | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
}

/**
 * The state a subscription is created in. A trial is its own period, from the start to `trialDays` later on the
 * customer's local calendar (same wall time, so a DST change inside the trial does not move its end by an hour);
 * otherwise the current period is period 0 of the anniversary calendar anchored at the start.
 */
export function initialSubscriptionState(terms: InitialTerms): InitialState {
  if (terms.trialDays > 0) {
    const trialEnd = DateTime.fromJSDate(terms.start, { zone: terms.timeZone }).plus({ days: terms.trialDays });
    if (!trialEnd.isValid) throw new Error(`Invalid time zone: ${JSON.stringify(terms.timeZone)}`);
    const end = trialEnd.toJSDate();
    return {
      status: 'TRIALING',
      billingAnchor: end,
      trialStart: terms.start,
      trialEnd: end,
      currentPeriodStart: terms.start,
      currentPeriodEnd: end,
    };
  }
  const period = computeBillingPeriod({ anchor: terms.start, interval: terms.interval, timeZone: terms.timeZone }, 0);
  return {
    status: 'ACTIVE',
    billingAnchor: terms.start,
    trialStart: null,
    trialEnd: null,
    currentPeriodStart: period.start,
    currentPeriodEnd: period.end,
  };
}

/** Why a subscription cannot start when asked. */
export type StartRefusal = { code: 'start_date_in_future' } | { code: 'start_date_too_old'; periodEnd: Date };

/**
 * The state a subscription asked to start at `start` (default now) begins in. Backdating is allowed within the first
 * period only: the workflow then bills that period once, and there is no run of past periods to invoice at once.
 * Future starts wait for subscription schedules.
 */
export function startingState(request: {
  start: Date | undefined;
  now: Date;
  trialDays: number;
  interval: BillingInterval;
  timeZone: string;
}): { ok: true; value: InitialState } | { ok: false; refusal: StartRefusal } {
  const start = request.start ?? request.now;
  if (start.getTime() > request.now.getTime()) return { ok: false, refusal: { code: 'start_date_in_future' } };
  const state = initialSubscriptionState({
    start,
    trialDays: request.trialDays,
    interval: request.interval,
    timeZone: request.timeZone,
  });
  if (state.currentPeriodEnd.getTime() <= request.now.getTime()) {
    return { ok: false, refusal: { code: 'start_date_too_old', periodEnd: state.currentPeriodEnd } };
  }
  return { ok: true, value: state };
}
