import type { TenantSql } from '../../../infra/db/tenant-sql';
import { parseJsonColumn, type BillableMetricRecord, type MetricFilter } from './billable-metrics';

/**
 * Checksum of every metric row: count and sum of a hash of (id, updated_at, xmin). Any insert, update (a new row
 * version has a new xmin, whatever it changes) or delete changes it, in whatever order concurrent changes commit, so
 * a process caching the metrics sees a change made by another at its next read. One aggregate over a table of tens
 * of rows.
 */
const VERSION = `count(*)::text || ':' || coalesce(sum(hashtextextended(id || ':' || updated_at::text || ':' || xmin::text, 0)), 0)::text`;

/** What validating a usage event needs of a metric. */
export type MetricDefinitionFields = Pick<BillableMetricRecord, 'code' | 'aggregationType' | 'fieldName' | 'filters'>;

interface DefinitionRow {
  version: string;
  code: string | null;
  aggregation_type: BillableMetricRecord['aggregationType'] | null;
  field_name: string | null;
  filters: unknown;
}

/** The version of the tenant's metrics as they stand: it changes whenever any metric does. */
export async function billableMetricsVersion(sql: TenantSql<'billable_metrics'>): Promise<string> {
  const row = await sql.oneOrFail<{ version: string }>(
    `select ${VERSION} as version from ${sql.table('billable_metrics')}`,
  );
  return row.version;
}

/** Every metric's definition and the version they make up, from one statement, so both describe one snapshot. */
export async function listMetricDefinitions(
  sql: TenantSql<'billable_metrics'>,
): Promise<{ version: string; metrics: MetricDefinitionFields[] }> {
  const table = sql.table('billable_metrics');
  const rows = await sql.query<DefinitionRow>(
    `select version.version, metric.code, metric.aggregation_type, metric.field_name, metric.filters
       from (select ${VERSION} as version from ${table}) as version
            left join ${table} as metric on true`,
  );
  const metrics = rows.flatMap((row) =>
    row.code === null || row.aggregation_type === null
      ? []
      : [
          {
            code: row.code,
            aggregationType: row.aggregation_type,
            fieldName: row.field_name,
            filters: parseJsonColumn(row.filters) as MetricFilter[],
          },
        ],
  );
  return { version: rows[0]?.version ?? '', metrics };
}
