import { conflict } from '../errors';
import { findSubscription, queryBillingTimeZone, subscriptionNotFound } from '../subscriptions';
import { computeSegmentUsage } from './segment-usage';
import type { OpenPeriodUsage, SegmentUsage, UsageSql } from './usage-records';
import { openSegmentStart } from './usage-segments';

const noOpenPeriod = (id: string, status: string) =>
  conflict('no_open_period', `Subscription ${id} is ${status}: it has no open period to meter`);

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
    charges: usage.charges.map(({ chargeId, metric, filterValues, priced }) => ({
      chargeId,
      billableMetric: { id: metric.id, code: metric.code, aggregationType: metric.aggregationType },
      units: priced.units,
      amountMinor: priced.amountMinor,
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
 * PAUSED and CANCELED subscriptions have no open period (409 `no_open_period`).
 */
export async function readOpenPeriodUsage(sql: UsageSql, subscriptionId: string): Promise<OpenPeriodUsage> {
  const subscription = await findSubscription(sql, { id: subscriptionId });
  if (subscription === null) throw subscriptionNotFound(subscriptionId);
  if (subscription.status === 'PAUSED' || subscription.status === 'CANCELED') {
    throw noOpenPeriod(subscriptionId, subscription.status);
  }
  const start = subscription.currentPeriodStart ?? subscription.billingAnchor;
  const end = subscription.currentPeriodEnd ?? subscription.trialEnd ?? start;
  const from = await openSegmentStart(sql, { subscriptionId, periodStart: start, periodEnd: end });
  const timeZone = await queryBillingTimeZone(sql, subscription.customerId);
  const usage = await computeSegmentUsage(sql, {
    subscriptionId,
    planId: subscription.planId,
    from,
    to: end,
    periodStart: start,
    periodEnd: end,
    currency: subscription.currency,
    timeZone,
  });
  return toOpenPeriodUsage({ start, end }, subscription.currency, usage);
}
