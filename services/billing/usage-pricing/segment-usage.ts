import { ZERO } from '../../../domain/charge-models/exact';
import type { Rational } from '../../../domain/money';
import { MoneyOverflowError, parseDecimal, requireWithinMoneyMaximum } from '../../../domain/money';
import {
  growsWithEvents,
  priceChargeUsage,
  projectChargeUsage,
  projectionFactor,
  type BucketPricing,
  type ChargeUsage,
  type PricedChargeUsage,
  type UsageBucket,
  type UsageSegmentSpan,
} from '../../../domain/usage';
import type { SqlTransaction } from '../../../infra/db/sql';
import { listPlanChargesWithMetrics, type ChargeRecord, type ChargedMetric } from '../../catalog/charges';
import {
  aggregateUsageUnits,
  percentageUsageFees,
  tallyUsageUnits,
  type MeteredMetric,
  type UsageTally,
  type UsageWindow,
} from '../../metering/aggregation';
import { storedEventsTable } from '../../metering/ingestion';
import { bucketFilterOf, percentageTermsOf, unitPricingOf } from './charge-pricing';
import type { ChargeSegmentUsage, SegmentUsage, UsageSegmentRequest, UsageSql } from './usage-records';

interface BucketTotals {
  filters: Rational[];
  rest: Rational;
}

const meteredMetric = (metric: ChargedMetric): MeteredMetric => ({
  code: metric.code,
  aggregationType: metric.aggregationType,
  fieldName: metric.fieldName,
  recurring: metric.recurring,
});

const withinOf = (transaction: SqlTransaction | undefined) => (transaction === undefined ? {} : { transaction });

const zeroTotals = (charge: ChargeRecord): BucketTotals => ({ filters: charge.filters.map(() => ZERO), rest: ZERO });

/**
 * The units of each bucket (and, for PERCENTAGE, each bucket's exact fee) from the metering queries: the events
 * stay in PostgreSQL. An empty window has nothing to aggregate.
 */
async function meterCharge(
  sql: UsageSql,
  request: { charge: ChargeRecord; metric: ChargedMetric; window: UsageWindow; tally: UsageTally | undefined },
  transaction?: SqlTransaction,
): Promise<{ units: BucketTotals; fees: BucketTotals | null }> {
  const { charge, window, tally } = request;
  const percentage = charge.chargeModel === 'PERCENTAGE';
  if (window.to.getTime() <= window.from.getTime()) {
    return { units: zeroTotals(charge), fees: percentage ? zeroTotals(charge) : null };
  }
  const table = storedEventsTable(sql);
  const metric = meteredMetric(request.metric);
  const filters = charge.filters.map(bucketFilterOf);
  // A percentage's fees depend on each event's place in the period (free units, per-event bounds): aggregated whole.
  if (!percentage && tally !== undefined) {
    const units = await tallyUsageUnits(sql, { table, window, metric, filters, tally, ...withinOf(transaction) });
    return { units, fees: null };
  }
  const units = await aggregateUsageUnits(sql, table, window, metric, filters, transaction);
  if (!percentage) return { units, fees: null };
  const termed = charge.filters.map((filter) => ({
    ...bucketFilterOf(filter),
    terms: percentageTermsOf(filter.properties),
  }));
  const restTerms = percentageTermsOf(charge.properties);
  const fees = await percentageUsageFees(sql, table, window, metric, termed, restTerms, transaction);
  return { units, fees };
}

function bucketsOf(charge: ChargeRecord, metered: { units: BucketTotals; fees: BucketTotals | null }): UsageBucket[] {
  const pricingOf = (properties: ChargeRecord['properties'], fee: Rational | undefined): BucketPricing =>
    charge.chargeModel === 'PERCENTAGE'
      ? { model: 'PERCENTAGE', fee: fee ?? ZERO }
      : unitPricingOf(charge.chargeModel, properties);
  const filtered = charge.filters.map((filter, index): UsageBucket => ({
    filter: bucketFilterOf(filter),
    units: metered.units.filters[index] ?? ZERO,
    pricing: pricingOf(filter.properties, metered.fees?.filters[index]),
  }));
  const own: UsageBucket = {
    filter: null,
    units: metered.units.rest,
    pricing: pricingOf(charge.properties, metered.fees?.rest),
  };
  return [...filtered, own];
}

function minAmountOf(charge: ChargeRecord) {
  if (charge.minAmount === null) return null;
  const parsed = parseDecimal(charge.minAmount, 40);
  if (!parsed.ok) throw new Error(`Stored minAmount of charge ${charge.id} is not a decimal`);
  return parsed.value;
}

/**
 * A segment's usage on the charges of the plan in force during it (CONTRACT §10): per charge, the metering service
 * aggregates each bucket in SQL and the domain prices it. The invoice's close, a DRAFT's finalize and
 * `GET /subscriptions/:id/usage` all come here, so they agree to the minor unit. Inside `transaction` when given (the
 * close and the finalize hold the subscription row locked there).
 */
export async function computeSegmentUsage(
  sql: UsageSql,
  request: UsageSegmentRequest,
  transaction?: SqlTransaction,
): Promise<SegmentUsage> {
  const plan = await listPlanChargesWithMetrics(sql, request.planId, transaction);
  const window: UsageWindow = { subscriptionId: request.subscriptionId, from: request.from, to: request.to };
  const span = {
    from: request.from,
    to: request.to,
    periodStart: request.periodStart,
    periodEnd: request.periodEnd,
    timeZone: request.timeZone,
    currency: request.currency,
  };
  const charges: ChargeSegmentUsage[] = [];
  // One after another: inside a transaction every statement shares its one connection.
  for (const { charge, metric } of plan) {
    const metered = await meterCharge(sql, { charge, metric, window, tally: request.tally }, transaction);
    const name = charge.invoiceDisplayName ?? metric.name;
    const usage: ChargeUsage = { name, buckets: bucketsOf(charge, metered), minAmount: minAmountOf(charge) };
    const priced = priceChargeUsage(usage, span);
    const filterValues = charge.filters.map((filter) => filter.values);
    const projectedAmountMinor =
      request.projectAt === undefined ? undefined : projectedAmount({ usage, priced, metric, span }, request.projectAt);
    charges.push({
      chargeId: charge.id,
      metric,
      filterValues,
      priced,
      ...(projectedAmountMinor === undefined ? {} : { projectedAmountMinor }),
    });
  }
  const projected = charges.map((charge) => charge.projectedAmountMinor);
  const projectedAmountMinor = projected.every((amount) => amount !== undefined)
    ? withinMoneyMaximum(
        projected.reduce((sum, amount) => sum + amount, 0n),
        request.currency,
      )
    : undefined;
  return {
    charges,
    lines: charges.flatMap((charge) =>
      charge.priced.lines.map((line) => ({ ...line, billableMetricId: charge.metric.id })),
    ),
    amountMinor: requireWithinMoneyMaximum(
      charges.reduce((sum, charge) => sum + charge.priced.amountMinor, 0n),
      request.currency,
    ),
    ...(request.projectAt === undefined || projectedAmountMinor === undefined ? {} : { projectedAmountMinor }),
  };
}

/**
 * The charge's amount at the segment's end at its pace up to `at`: its amount so far when it does not grow with
 * events; undefined while too little of the segment has passed to judge a pace, or beyond the money maximum.
 */
function projectedAmount(
  charge: { usage: ChargeUsage; priced: PricedChargeUsage; metric: ChargedMetric; span: UsageSegmentSpan },
  at: Date,
): bigint | undefined {
  if (!growsWithEvents(charge.metric)) return charge.priced.amountMinor;
  const factor = projectionFactor({ from: charge.span.from, to: charge.span.to }, at);
  if (factor === null) return undefined;
  return unlessOverflowing(() => priceChargeUsage(projectChargeUsage(charge.usage, factor), charge.span).amountMinor);
}

function withinMoneyMaximum(amountMinor: bigint, currency: UsageSegmentSpan['currency']): bigint | undefined {
  return unlessOverflowing(() => requireWithinMoneyMaximum(amountMinor, currency));
}

/** A projection is an estimate: one beyond the money maximum is left out rather than refused. */
function unlessOverflowing(amount: () => bigint): bigint | undefined {
  try {
    return amount();
  } catch (error) {
    if (error instanceof MoneyOverflowError) return undefined;
    throw error;
  }
}
