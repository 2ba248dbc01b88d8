export { billableMetricInUse, billableMetricNotFound } from './billable-metric-errors';
export {
  deleteBillableMetric,
  findBillableMetric,
  insertBillableMetric,
  listBillableMetrics,
  listBillableMetricsByIds,
  parseJsonColumn,
  type BillableMetricRecord,
  type MetricFilter,
} from './billable-metrics';
export { changeBillableMetric } from './change-billable-metric';
export type { MetricCharges } from './charge-port';
export { assertValidMetric } from './metric-rules';
export { billableMetricsVersion, listMetricDefinitions } from './metric-versions';
