export { billableMetricInUse, billableMetricNotFound } from './billable-metric-errors';
export {
  AGGREGATION_TYPES,
  deleteBillableMetric,
  findBillableMetric,
  insertBillableMetric,
  listBillableMetrics,
  listBillableMetricsByIds,
  parseJsonColumn,
  type AggregationType,
  type BillableMetricRecord,
  type MetricFilter,
} from './billable-metrics';
export { changeBillableMetric } from './change-billable-metric';
export type { MetricCharges } from './charge-port';
export { assertValidMetric } from './metric-rules';
export { billableMetricsVersion, listMetricDefinitions } from './metric-versions';
