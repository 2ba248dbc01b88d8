import type { Rational } from '../../../domain/money';
import type { CurrencyCode } from '../../../domain/money';
import type { PricedChargeUsage, UsageLine } from '../../../domain/usage';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { ChargedMetric } from '../../catalog/charges';
import type { UsageTally } from '../../metering/aggregation';

/** What usage billing reads and writes: charges and metrics, events, segments, and the subscription row it locks. */
export type UsageSql = TenantSql<
  | 'charges'
  | 'plans'
  | 'billable_metrics'
  | 'events'
  | 'usage_segments'
  | 'subscriptions'
  | 'customers'
  | 'plan_prices'
  | 'coupons'
  | 'applied_coupons'
  | 'webhook_events'
>;

/** A usage segment [from, to) of the billing period [periodStart, periodEnd), priced on the charges of `planId`. */
export interface UsageSegmentRequest {
  subscriptionId: string;
  planId: string;
  from: Date;
  to: Date;
  periodStart: Date;
  periodEnd: Date;
  currency: CurrencyCode;
  /** The customer's calendar, for prorating a minimum. */
  timeZone: string;
  /**
   * Running aggregates to answer from (a process that reads the same open periods again and again: the wallet
   * checks); absent: every charge is aggregated whole. The answer is the same either way.
   */
  tally?: UsageTally;
  /** Also estimate each charge at the segment's end from its pace up to this instant (`projectedAmountMinor`). */
  projectAt?: Date;
}

/** One charge's usage in a segment: its metric, its filters' values in order, and the priced buckets and lines. */
export interface ChargeSegmentUsage {
  chargeId: string;
  metric: ChargedMetric;
  /** The values of each charge filter, in the order of `priced.buckets` (the charge's own bucket comes last). */
  filterValues: string[][];
  priced: PricedChargeUsage;
  /**
   * Asked for with `projectAt`: the amount the charge would come to at the segment's end at its pace so far
   * (`growsWithEvents`); undefined when not asked for, while too little of the segment has passed to judge a pace,
   * or when the estimate is beyond the money maximum.
   */
  projectedAmountMinor?: bigint;
}

/** A USAGE line with the billable metric it prices: a coupon limited to that metric discounts it. */
export interface MeteredUsageLine extends UsageLine {
  readonly billableMetricId: string;
}

export interface SegmentUsage {
  charges: ChargeSegmentUsage[];
  /** Every charge's USAGE lines, charges oldest first. */
  lines: MeteredUsageLine[];
  amountMinor: bigint;
  /** The charges' projected amounts summed, when every charge has one. */
  projectedAmountMinor?: bigint;
}

/** `GET /subscriptions/:id/usage`: the open segment of the current period priced so far (CONTRACT §10). */
export interface OpenPeriodUsage {
  periodStart: Date;
  periodEnd: Date;
  currency: CurrencyCode;
  amountMinor: bigint;
  /** Asked for with `projectAt`: as `SegmentUsage.projectedAmountMinor`. */
  projectedAmountMinor?: bigint;
  charges: {
    chargeId: string;
    billableMetric: Pick<ChargedMetric, 'id' | 'code' | 'aggregationType'>;
    units: Rational;
    amountMinor: bigint;
    projectedAmountMinor?: bigint;
    filters: { values: string[]; units: Rational; amountMinor: bigint }[];
  }[];
}
