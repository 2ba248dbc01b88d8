import type { CreditableInvoice, LifecycleStep, PeriodRange, SubscriptionSnapshot } from './wire';
import type { LifecycleFacts } from '../../domain/subscriptions/transitions';
import type { PlanTerms, SubscriptionStatus, SubscriptionWorkflowInput } from './messages';
import type { ClockTimeState } from '../shared/business-time';

/**
 * The subscription workflow's state: a plain JSON object, carried across continue-as-new. Money as strings of minor
 * units, instants as ISO strings. Time-zone maths never happens here (activities do it), so replay cannot depend on
 * the worker's time-zone data.
 */

/** What the current period has billed for the current plan, for credits and idempotency keys. */
export interface PeriodBilling {
  /** Invoiced for the current plan in this period, and credited back against that so far. */
  invoicedMinor: string;
  creditedMinor: string;
  /**
   * The full-period fee of the current plan as this period charged it: the base invoice's total, so a coupon's
   * discount is not credited back as cash. Unset means the plan's price (proration invoices are not discounted).
   */
  feeBasisMinor?: string;
  /** Invoices of this period a credit note may still go against, newest first. */
  invoices: CreditableInvoice[];
  /** IN_ARREARS: from this instant the current plan's use of the period is not invoiced yet. */
  unbilledFrom: string;
  /** The IN_ADVANCE opening invoice exists (or there is none to issue: trial, arrears, paused). */
  opened: boolean;
  /** Mid-period changes so far: part of their idempotency keys, so two changes never share one. */
  changes: number;
  /**
   * The open usage segment starts here: set at each mid-period close (pause, cancel, plan change now). Unset means
   * the period start (a new period, or a run recorded before usage billing).
   */
  usageFrom?: string;
}

/** A DRAFT held by the tenant's grace period, finalized by the workflow's timer. */
export interface HeldInvoice {
  invoiceId: string;
  finalizeAfter: string;
  /** The period it bills (unset in runs recorded before billing errors): named by a billing error. */
  period?: PeriodRange;
}

/**
 * An invoice that could not be issued or finalized because pricing it passed the money maximum: it waits, with the
 * subscription's billing error, until a retry is asked (`retryBilling`). Later periods go on meanwhile.
 */
export type UnbilledWork =
  | { kind: 'step'; step: Extract<LifecycleStep, { activity: 'issuePeriodInvoice' | 'issueUsageInvoice' }> }
  | { kind: 'finalize'; invoiceId: string; period: PeriodRange };

export interface SubscriptionWorkflowState extends SubscriptionWorkflowInput {
  customerId: string;
  currency: string;
  timeZone: string;
  status: SubscriptionStatus;
  plan: PlanTerms;
  pendingPlan: PlanTerms | null;
  anchor: string;
  periodStart: string;
  periodEnd: string;
  cancelAt: string | null;
  billing: PeriodBilling;
  held: HeldInvoice[];
  /** Unset in runs recorded before billing errors: none. */
  unbilled?: UnbilledWork[];
  /** The customer's test clock: the workflow runs on its time. Unset for an ordinary customer. */
  testClock?: ClockTimeState;
}

export function openBilling(periodStart: string, opened: boolean): PeriodBilling {
  return { invoicedMinor: '0', creditedMinor: '0', invoices: [], unbilledFrom: periodStart, opened, changes: 0 };
}

const earlierIso = (a: string, b: string): string => (Date.parse(a) <= Date.parse(b) ? a : b);

export function stateFromSnapshot(
  input: SubscriptionWorkflowInput,
  snapshot: SubscriptionSnapshot,
): SubscriptionWorkflowState {
  return {
    tenantId: input.tenantId,
    subscriptionId: input.subscriptionId,
    customerId: snapshot.customerId,
    currency: snapshot.currency,
    timeZone: snapshot.timeZone,
    status: snapshot.status,
    plan: snapshot.plan,
    pendingPlan: snapshot.pendingPlan,
    anchor: snapshot.billingAnchor,
    periodStart: snapshot.currentPeriodStart,
    periodEnd: snapshot.currentPeriodEnd,
    cancelAt: snapshot.cancelAt,
    billing: openBilling(snapshot.currentPeriodStart, snapshot.status !== 'ACTIVE' && snapshot.status !== 'PAST_DUE'),
    held: [],
    ...(snapshot.testClock == null
      ? {}
      : {
          testClock: {
            clockId: snapshot.testClock.clockId,
            frozenTime: snapshot.testClock.frozenTime,
            // From the period's start when the clock is already past it (an advance began before this workflow
            // loaded): the opening invoice is dated at the period start, as its timer would have.
            localTime: earlierIso(snapshot.testClock.frozenTime, snapshot.currentPeriodStart),
            reportedFor: null,
          },
        }),
  };
}

export const lifecycleFacts = (state: SubscriptionWorkflowState): LifecycleFacts => ({
  status: state.status,
  planId: state.plan.planId,
  cancelAt: state.cancelAt,
});

/** Invoices still to finalize or to issue: a canceled subscription's workflow waits for them before it ends. */
export const hasInvoicesPending = (state: SubscriptionWorkflowState): boolean =>
  state.held.length > 0 || (state.unbilled ?? []).length > 0;

/** A period runs (and ends) in these states; PAUSED and CANCELED have no period end to wait for. */
export const hasRunningPeriod = (state: SubscriptionWorkflowState): boolean =>
  state.status === 'ACTIVE' || state.status === 'PAST_DUE' || state.status === 'TRIALING';

/** The next instant the workflow must act at without a message: a period end or a held invoice's finalize time. */
export function nextWakeAt(state: SubscriptionWorkflowState): number | undefined {
  const instants = state.held.map((held) => Date.parse(held.finalizeAfter));
  if (hasRunningPeriod(state)) instants.push(Date.parse(state.periodEnd));
  return instants.length === 0 ? undefined : Math.min(...instants);
}

/** What the next wake (`nextWakeAt`) waits for, as the timer's summary in Temporal UI. */
export function describeNextWake(state: SubscriptionWorkflowState): string | undefined {
  const wakeAt = nextWakeAt(state);
  if (wakeAt === undefined) return undefined;
  const held = state.held.find((invoice) => Date.parse(invoice.finalizeAfter) === wakeAt);
  if (held !== undefined && !(hasRunningPeriod(state) && Date.parse(state.periodEnd) === wakeAt)) {
    return `grace period end ${held.finalizeAfter}: finalize invoice ${held.invoiceId}`;
  }
  if (state.status === 'TRIALING') return `trial end ${state.periodEnd}`;
  if (state.cancelAt !== null && Date.parse(state.cancelAt) <= wakeAt) return `period end ${state.periodEnd}: cancel`;
  return `period end ${state.periodEnd}: renew and invoice`;
}

/** Idempotency keys, one per subscription, period and purpose: a retried activity finds its own earlier work. */
export const billingKeys = {
  base: (state: SubscriptionWorkflowState): string => `${state.subscriptionId}:${state.periodStart}:base`,
  segment: (state: SubscriptionWorkflowState, from: string): string =>
    `${state.subscriptionId}:${state.periodStart}:from:${from}`,
  change: (state: SubscriptionWorkflowState): string =>
    `${state.subscriptionId}:${state.periodStart}:change:${state.billing.changes}`,
  credit: (state: SubscriptionWorkflowState): string =>
    `${state.subscriptionId}:${state.periodStart}:credit:${state.billing.changes}`,
  usage: (state: SubscriptionWorkflowState, from: string): string =>
    `${state.subscriptionId}:${state.periodStart}:usage:${from}`,
};

/** Where the open usage segment of the period starts. */
export const usageStart = (state: SubscriptionWorkflowState): string => state.billing.usageFrom ?? state.periodStart;

/** One line for Temporal UI: which customer, plan and period the workflow is on. */
export function describeState(state: SubscriptionWorkflowState): string {
  const pending = state.pendingPlan === null ? '' : `, switching to ${state.pendingPlan.name} at renewal`;
  const cancel = state.cancelAt === null ? '' : `, cancels at ${state.cancelAt}`;
  return (
    `Customer ${state.customerId} · plan ${state.plan.name} (${state.plan.planId}) · ${state.status} · ` +
    `period ${state.periodStart} → ${state.periodEnd}${pending}${cancel}`
  );
}
