import type { ChargeModel } from '../charge-models';
import type { AggregationType } from '../metering';

/** What decides whether a charge model can price a billable metric's units. */
export interface PricedMetricShape {
  aggregationType: AggregationType;
  recurring: boolean;
}

/** Why a model cannot price a metric: what the model needs, and the metric's aggregation in words. */
export interface ModelMetricMismatch {
  code: 'charge_model_unsupported';
  model: ChargeModel;
  /** "a non-recurring SUM billable metric (…)" */
  needs: string;
  /** "a MAX metric", "a recurring SUM metric" */
  aggregation: string;
}

export type ModelMetricCheck = { ok: true } | { ok: false; error: ModelMetricMismatch };

/** The metric's aggregation in words: `a MAX metric`, `a recurring SUM metric`. */
export function describeAggregation(metric: PricedMetricShape): string {
  return `a ${metric.recurring ? 'recurring ' : ''}${metric.aggregationType} metric`;
}

/**
 * Whether `model` can price the units of `metric` (CONTRACT §10: charges price the period's units with their model).
 * The unit models (STANDARD, GRADUATED, VOLUME, PACKAGE) price whatever the aggregation gives. PERCENTAGE takes a
 * percentage of each event's `fieldName` value, a transaction amount, which is the period's units only on a metric
 * that sums that amount over the period's events: a non-recurring SUM. On any other metric its fee would not follow
 * the units (MAX and LATEST would bill every event's value, a recurring SUM nothing of the total carried in, COUNT
 * has no amount and would bill 0).
 */
export function checkModelPricesMetric(model: ChargeModel, metric: PricedMetricShape): ModelMetricCheck {
  if (model !== 'PERCENTAGE' || (metric.aggregationType === 'SUM' && !metric.recurring)) return { ok: true };
  return {
    ok: false,
    error: {
      code: 'charge_model_unsupported',
      model,
      needs: 'a non-recurring SUM billable metric (it takes a percentage of the amount of each event)',
      aggregation: describeAggregation(metric),
    },
  };
}
