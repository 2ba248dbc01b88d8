import type { BillingErrorCode } from '../../domain/subscriptions';
import type { SubscriptionLifecycleEvent } from '../../domain/webhooks';
import type { PlanTerms, SubscriptionStatus } from './messages';

/**
 * What the subscription activities take and return across the Temporal boundary (JSON): money as strings of minor
 * units, instants as ISO strings. The workflow imports these as types only.
 */

/** The stored subscription as the workflow starts from it. */
export interface SubscriptionSnapshot {
  customerId: string;
  currency: string;
  status: SubscriptionStatus;
  /** The customer's time zone, else the tenant's: the calendar of periods and proration. */
  timeZone: string;
  plan: PlanTerms;
  pendingPlan: PlanTerms | null;
  billingAnchor: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  trialEnd: string | null;
  cancelAt: string | null;
  /**
   * The customer's test clock and its time, null for an ordinary customer (absent in results recorded before test
   * clocks: none). `advancing` (absent in results recorded before it): the clock is between stops of an advance, and
   * `frozenTime` is the advance's end, not a time the clock has told anyone.
   */
  testClock?: { clockId: string; frozenTime: string; advancing?: boolean } | null;
}

export interface SubscriptionRef {
  tenantId: string;
  subscriptionId: string;
}

/** Who an invoice of the subscription belongs to. */
export interface SubscriptionBillingRef extends SubscriptionRef {
  customerId: string;
  currency: string;
  timeZone: string;
}

export interface PeriodRange {
  start: string;
  end: string;
}

/** An invoice as the workflow keeps track of it. */
export interface IssuedInvoice {
  invoiceId: string;
  status: string;
  totalMinor: string;
  /** A DRAFT held by a grace period: the workflow finalizes it at this instant. */
  finalizeAfter: string | null;
}

export interface InvoiceFeeInput extends SubscriptionBillingRef {
  plan: PlanTerms;
  period: PeriodRange;
  /** The billed part of the period (the whole period unless a change split it). */
  segment: PeriodRange;
  /**
   * IN_ARREARS closes: the usage segment this invoice also bills (USAGE lines on the plan's charges), closed in the
   * invoice's transaction. Absent for a fee alone (a period opened in advance).
   */
  usage?: PeriodRange;
  idempotencyKey: string;
  now: string;
}

/**
 * A usage segment closed on an invoice of its own (IN_ADVANCE plans and trials: their fee is not billed at the
 * close): usage of `segment` on the charges of `planId`. Null back when it billed nothing (the segment is recorded).
 */
export interface UsageInvoiceInput extends SubscriptionBillingRef {
  planId: string;
  period: PeriodRange;
  segment: PeriodRange;
  idempotencyKey: string;
  now: string;
}

export interface InvoicePlanChangeInput extends SubscriptionBillingRef {
  oldPlan: PlanTerms;
  newPlan: PlanTerms;
  period: PeriodRange;
  changeAt: string;
  /** What the period was invoiced for the old plan and what has been credited against that. */
  invoicedMinor: string;
  creditedMinor: string;
  /**
   * The period's invoices that credit may go against: the credit is no more than what they can still give back
   * (absent in runs recorded before: not bounded by them).
   */
  creditableInvoiceIds?: string[];
  /** The old plan's full-period fee as the period charged it (after discounts); the plan's price when absent. */
  feeBasisMinor?: string;
  idempotencyKey: string;
}

export interface PlanChangeInvoice extends IssuedInvoice {
  creditMinor: string;
  chargeMinor: string;
}

/**
 * A change to another billing interval, effective now, both plans IN_ADVANCE: the old period ends at `changeAt`, the
 * new one (anchored there) starts. One invoice: the old plan's unused days as a credit line, the new period's fee.
 */
export interface InvoiceIntervalChangeInput extends SubscriptionBillingRef {
  oldPlan: PlanTerms;
  newPlan: PlanTerms;
  oldPeriod: PeriodRange;
  newPeriod: PeriodRange;
  changeAt: string;
  /** What the old period was invoiced for the old plan and what has been credited against that. */
  invoicedMinor: string;
  creditedMinor: string;
  /** The old period's invoices that credit may go against (as for a plan change; absent in older runs). */
  creditableInvoiceIds?: string[];
  /** The old plan's full-period fee as the period charged it (after discounts); the plan's price when absent. */
  feeBasisMinor?: string;
  /** The new period's base key: a restarted workflow opening that period finds this invoice. */
  idempotencyKey: string;
}

export interface IntervalChangeInvoice extends IssuedInvoice {
  /** The old plan's credit (positive; 0 when the cap left nothing). */
  creditMinor: string;
  /** What the new period was charged: its fee after the invoice's discount. */
  periodChargedMinor: string;
}

/** An invoice of the period a credit note may go against, with how much it can still take. */
export interface CreditableInvoice {
  invoiceId: string;
  creditableMinor: string;
}

export interface CreditUnusedInput extends SubscriptionBillingRef {
  plan: PlanTerms;
  period: PeriodRange;
  changeAt: string;
  invoicedMinor: string;
  creditedMinor: string;
  /** The plan's full-period fee as the period charged it (after discounts); the plan's price when absent. */
  feeBasisMinor?: string;
  /** Newest first: the credit goes against them in this order. */
  invoices: CreditableInvoice[];
  idempotencyKey: string;
}

export interface CreditUnusedResult {
  creditedMinor: string;
  /** What each invoice can still take after the credit notes. */
  invoices: CreditableInvoice[];
}

/** A lifecycle write; instants as ISO strings, null clears a column. */
export interface LifecycleChangeInput extends SubscriptionRef {
  change: {
    status?: SubscriptionStatus;
    planId?: string;
    pendingPlanId?: string | null;
    billingAnchor?: string;
    currentPeriodStart?: string;
    currentPeriodEnd?: string;
    cancelAt?: string | null;
    canceledAt?: string | null;
    pausedAt?: string | null;
  };
  event: SubscriptionLifecycleEvent | null;
  now: string;
}

/**
 * A period's invoice that could not be issued: pricing it passed the money maximum. The subscription shows it as
 * `billingError` until a retry issues the invoice; later periods bill as usual meanwhile.
 */
export interface BillingErrorInput extends SubscriptionRef {
  code: BillingErrorCode;
  message: string;
  period: PeriodRange;
  /** When it was found: the event's `occurredAt`. */
  now: string;
}

/**
 * A retry issued every waiting invoice: the subscription's `billingError` goes (a no-op when there is none). `now`
 * (the workflow's business time, ISO) stamps the change; absent in activities scheduled before it was passed.
 */
export type BillingErrorClear = SubscriptionRef & { now?: string };

/**
 * The steps a lifecycle action (cancel now, pause, plan change, renewal) may take, each an activity's input. The
 * action runs them in order in one transaction: all of them are stored, or none.
 */
export type LifecycleStep =
  | { activity: 'creditUnusedPeriod'; input: CreditUnusedInput }
  | { activity: 'issuePeriodInvoice'; input: InvoiceFeeInput }
  | { activity: 'issueUsageInvoice'; input: UsageInvoiceInput }
  | { activity: 'issuePlanChangeInvoice'; input: InvoicePlanChangeInput }
  | { activity: 'issueIntervalChangeInvoice'; input: InvoiceIntervalChangeInput }
  | { activity: 'writeLifecycleChange'; input: LifecycleChangeInput };

export type LifecycleStepName = LifecycleStep['activity'];

/**
 * A step's outcome: what its activity returns, or, for an invoice whose usage priced beyond the money maximum, why
 * it was left out (the action still commits; the invoice waits for a retry).
 */
export type LifecycleStepOutcome =
  { issued: true; result: unknown } | { issued: false; code: BillingErrorInput['code']; message: string };

export interface LifecycleActionInput extends SubscriptionRef {
  steps: LifecycleStep[];
}

export interface LifecycleActionResult {
  outcomes: LifecycleStepOutcome[];
}
