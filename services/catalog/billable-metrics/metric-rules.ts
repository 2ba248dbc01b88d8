import type { AggregationType } from '../../../domain/metering';
import { RECURRING_AGGREGATION_TYPES, type MetricFilter } from './billable-metrics';
import { conflict, validationFailed, type ErrorDetail } from '../../platform/errors';

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
