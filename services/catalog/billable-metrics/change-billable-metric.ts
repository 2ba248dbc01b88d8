import { billableMetricNotFound } from './billable-metric-errors';
import {
  findBillableMetric,
  updateBillableMetric,
  type BillableMetricChanges,
  type BillableMetricRecord,
  type BillableMetricSql,
} from './billable-metrics';
import type { MetricCharges } from './charge-port';
import { assertChargesStillPrice, assertKeepsPricedValues, assertValidMetric } from './metric-rules';

/**
 * PATCH /billable-metrics/:id: the fields given replace the current ones, the creation rules apply to the result,
 * a filter value a charge prices cannot be removed, and each charge's model must still price the metric (a SUM a
 * PERCENTAGE charge prices cannot become recurring). Read, check and write happen on the locked row, so a concurrent
 * PATCH of another field is not lost and a concurrent charge creation or re-pricing (which share-locks the row) is
 * either seen by the checks or sees the new filters and recurrence. What the charges price is asked of `charges`,
 * their port.
 */
export async function changeBillableMetric(
  sql: BillableMetricSql,
  request: { id: string; patch: Partial<BillableMetricChanges>; charges: MetricCharges },
): Promise<BillableMetricRecord> {
  const { id, patch, charges } = request;
  return sql.transactional(async (transaction) => {
    const current = await findBillableMetric(sql, id, { transaction, lock: 'update' });
    if (current === undefined) throw billableMetricNotFound(id);
    const next: BillableMetricChanges = {
      name: patch.name ?? current.name,
      description: patch.description === undefined ? current.description : patch.description,
      fieldName: patch.fieldName === undefined ? current.fieldName : patch.fieldName,
      recurring: patch.recurring ?? current.recurring,
      filters: patch.filters ?? current.filters,
    };
    assertValidMetric({ ...next, aggregationType: current.aggregationType });
    if (next.recurring !== current.recurring) {
      const shape = { aggregationType: current.aggregationType, recurring: next.recurring };
      assertChargesStillPrice(current, shape, await charges.listMetricChargeModels(sql, id, transaction));
    }
    if (patch.filters !== undefined) {
      assertKeepsPricedValues(next.filters, await charges.listPricedFilterValues(sql, id, transaction));
    }
    const updated = await updateBillableMetric(sql, id, next, transaction);
    if (updated === undefined) throw billableMetricNotFound(id);
    return updated;
  });
}
