import type { ChargeModel } from '../../../domain/charge-models';
import type { AggregationType } from '../../../domain/metering';
import { checkModelPricesMetric, type PricedMetricShape } from '../../../domain/usage';
import { RECURRING_AGGREGATION_TYPES, type MetricFilter } from './billable-metrics';
import { AppError, conflict, validationFailed, type ErrorDetail } from '../../platform/errors';

/** The rules on a metric's state after a create or an update, beyond what the body schema checks. */
export function assertValidMetric(metric: {
  aggregationType: AggregationType;
  fieldName: string | null;
  recurring: boolean;
  filters: readonly MetricFilter[];
}): void {
  const details: ErrorDetail[] = [];
  if (metric.aggregationType !== 'COUNT' && metric.fieldName === null) {
    details.push({ path: 'body.fieldName', message: `is required for ${metric.aggregationType} aggregation` });
  }
  if (metric.recurring && !RECURRING_AGGREGATION_TYPES.includes(metric.aggregationType)) {
    const allowed = RECURRING_AGGREGATION_TYPES.join(', ');
    details.push({ path: 'body.recurring', message: `can be true only for ${allowed}, not ${metric.aggregationType}` });
  }
  const seen = new Set<string>();
  metric.filters.forEach((filter, index) => {
    if (seen.has(filter.key)) details.push({ path: `body.filters.${index}.key`, message: 'is used by another filter' });
    seen.add(filter.key);
  });
  if (details.length > 0) throw validationFailed(details);
}

/** A filter value a charge prices cannot be removed from the metric (the charge would price nothing). */
export function assertKeepsPricedValues(
  filters: readonly MetricFilter[],
  priced: readonly { key: string; value: string }[],
): void {
  const lost = priced.find(
    ({ key, value }) => !filters.some((filter) => filter.key === key && filter.values.includes(value)),
  );
  if (lost !== undefined) {
    throw conflict('billable_metric_in_use', `A charge prices filter value ${lost.key}=${lost.value} of this metric`);
  }
}

/**
 * A change of the metric's recurrence must leave every charge on it able to price it (CONTRACT §10): PERCENTAGE
 * prices a non-recurring SUM only, so a SUM it prices cannot become recurring. Only a charge the change would break
 * refuses it (one stored before the rule, on a metric it cannot price, refuses nothing): 409 `billable_metric_in_use`
 * naming `body.recurring`, like removing a filter value a charge prices.
 */
export function assertChargesStillPrice(
  current: PricedMetricShape,
  next: PricedMetricShape,
  charges: readonly { id: string; chargeModel: ChargeModel }[],
): void {
  for (const charge of charges) {
    const after = checkModelPricesMetric(charge.chargeModel, next);
    if (after.ok || !checkModelPricesMetric(charge.chargeModel, current).ok) continue;
    const { model, needs, aggregation } = after.error;
    const message = `cannot change: charge ${charge.id} prices this metric with ${model}, which needs ${needs}, not ${aggregation}`;
    throw new AppError('conflict', 'billable_metric_in_use', `body.recurring ${message}`, [
      { path: 'body.recurring', message },
    ]);
  }
}
