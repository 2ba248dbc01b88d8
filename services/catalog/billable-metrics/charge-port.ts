import type { ChargeModel } from '../../../domain/charge-models';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What a billable metric must know of the charges that price it. Charges use metrics (they validate their filters
 * against one), so metrics never import charges: charges implement this port and the code that wires the processes
 * hands it in.
 */
export interface MetricCharges {
  /** The (key, value) pairs the charges on the metric price through their filters, in the caller's transaction. */
  listPricedFilterValues: (
    sql: TenantSql<'charges'>,
    metricId: string,
    transaction: SqlTransaction,
  ) => Promise<{ key: string; value: string }[]>;
  /** The charges on the metric and their models, in the caller's transaction. */
  listMetricChargeModels: (
    sql: TenantSql<'charges'>,
    metricId: string,
    transaction: SqlTransaction,
  ) => Promise<{ id: string; chargeModel: ChargeModel }[]>;
}
