import type { ChargeModel } from '../../../domain/charge-models';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { MetricCharges } from '../billable-metrics';

/** The (key, value) pairs the charges on a metric price through their filters. */
export async function listPricedFilterValues(
  sql: TenantSql<'charges'>,
  metricId: string,
  transaction: SqlTransaction,
): Promise<{ key: string; value: string }[]> {
  return sql.query<{ key: string; value: string }>(
    `select distinct priced.filter ->> 'key' as key, priced_value.value as value
       from ${sql.table('charges')} as charge
            cross join lateral jsonb_array_elements(charge.filters) as priced (filter)
            cross join lateral jsonb_array_elements_text(priced.filter -> 'values') as priced_value (value)
      where charge.billable_metric_id = ?`,
    [metricId],
    transaction,
  );
}

/** The charges on a metric and their models, oldest first. */
export async function listMetricChargeModels(
  sql: TenantSql<'charges'>,
  metricId: string,
  transaction: SqlTransaction,
): Promise<{ id: string; chargeModel: ChargeModel }[]> {
  const rows = await sql.query<{ id: string; charge_model: ChargeModel }>(
    `select id, charge_model from ${sql.table('charges')} where billable_metric_id = ? order by created_at, id`,
    [metricId],
    transaction,
  );
  return rows.map((row) => ({ id: row.id, chargeModel: row.charge_model }));
}

/** What billable metrics ask of their charges (their port, handed in where the processes are wired). */
export const metricCharges: MetricCharges = { listPricedFilterValues, listMetricChargeModels };
