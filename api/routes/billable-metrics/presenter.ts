import type { BillableMetricRecord } from '../../../services/catalog/billable-metrics';
import type { BillableMetricJson } from './schema';

export function presentBillableMetric(record: BillableMetricRecord): BillableMetricJson {
  return {
    id: record.id,
    name: record.name,
    code: record.code,
    description: record.description,
    aggregationType: record.aggregationType,
    fieldName: record.fieldName,
    recurring: record.recurring,
    filters: record.filters.map((filter) => ({ key: filter.key, values: [...filter.values] })),
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
