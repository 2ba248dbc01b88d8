import { MoneyOverflowError } from '../../../domain/money';
import { isPresentableUnits } from '../../../domain/usage';
import type { UsageTally } from '../../metering/aggregation';
import { conflict } from '../../platform/errors';
import { readBillingTimeZone, requireSubscription } from '../subscriptions';
import { computeSegmentUsage } from './segment-usage';
import type { OpenPeriodUsage, SegmentUsage, UsageSql } from './usage-records';
import { openSegmentStart } from './usage-segments';

const noOpenPeriod = (id: string, status: string) =>
  conflict('no_open_period', `Subscription ${id} is ${status}: it has no open period to meter`);

/** Usage priced beyond the money maximum, or units no JSON number holds: a refusal that depends on stored events. */
const usageOutOfRange = (id: string, reason: string) =>
  conflict('usage_out_of_range', `The usage of subscription ${id} so far ${reason}`);

async function priceOpenSegment(
  sql: UsageSql,
  request: Parameters<typeof computeSegmentUsage>[1],
): Promise<SegmentUsage> {
  try {
    return await computeSegmentUsage(sql, request);
  } catch (error) {
    if (error instanceof MoneyOverflowError) {
      throw usageOutOfRange(request.subscriptionId, 'is priced beyond the largest amount an invoice holds');
    }
    throw error;
  }
}

function checkPresentable(subscriptionId: string, usage: SegmentUsage): void {
  const units = usage.charges.flatMap(({ priced }) => [priced.units, ...priced.buckets.map((bucket) => bucket.units)]);
  if (!units.every(isPresentableUnits)) {
    throw usageOutOfRange(subscriptionId, 'counts more units than a JSON number holds');
  }
}

function toOpenPeriodUsage(
  period: { start: Date; end: Date },
  currency: OpenPeriodUsage['currency'],
  usage: SegmentUsage,
): OpenPeriodUsage {
  return {
    periodStart: period.start,
    periodEnd: period.end,
    currency,
    amountMinor: usage.amountMinor,
    ...(usage.projectedAmountMinor === undefined ? {} : { projectedAmountMinor: usage.projectedAmountMinor }),
    charges: usage.charges.map(({ chargeId, metric, filterValues, priced, projectedAmountMinor }) => ({
      chargeId,
      billableMetric: { id: metric.id, code: metric.code, aggregationType: metric.aggregationType },
      units: priced.units,
      amountMinor: priced.amountMinor,
      ...(projectedAmountMinor === undefined ? {} : { projectedAmountMinor }),
      filters: filterValues.map((values, index) => {
        const bucket = priced.buckets[index];
        return {
          values,
          units: bucket?.units ?? { numerator: 0n, denominator: 1n },
          amountMinor: bucket?.amountMinor ?? 0n,
        };
      }),
    })),
  };
}

/**
 * `GET /subscriptions/:id/usage` (CONTRACT §10): the current period's open segment (from the period start, or from
 * the last segment a plan change closed in it) priced on the current plan by the very code the closing invoice runs,
 * up to the period end, so with no further events it is what that invoice bills. A trial's period is the trial.
 * PAUSED and CANCELED subscriptions have no open period (409 `no_open_period`); usage priced beyond the money maximum
 * or units beyond what a JSON number holds (events stored before ingestion bounded values) are 409
 * `usage_out_of_range`.
 */
export async function readOpenPeriodUsage(
  sql: UsageSql,
  subscriptionId: string,
  options: { tally?: UsageTally; projectAt?: Date } = {},
): Promise<OpenPeriodUsage> {
  const subscription = await requireSubscription(sql, subscriptionId);
  if (subscription.status === 'PAUSED' || subscription.status === 'CANCELED') {
    throw noOpenPeriod(subscriptionId, subscription.status);
  }
  const start = subscription.currentPeriodStart ?? subscription.billingAnchor;
  const end = subscription.currentPeriodEnd ?? subscription.trialEnd ?? start;
  const from = await openSegmentStart(sql, { subscriptionId, periodStart: start, periodEnd: end });
  const timeZone = await readBillingTimeZone(sql, subscription.customerId);
  const usage = await priceOpenSegment(sql, {
    subscriptionId,
    planId: subscription.planId,
    from,
    to: end,
    periodStart: start,
    periodEnd: end,
    currency: subscription.currency,
    timeZone,
    ...options,
  });
  checkPresentable(subscriptionId, usage);
  return toOpenPeriodUsage({ start, end }, subscription.currency, usage);
}
