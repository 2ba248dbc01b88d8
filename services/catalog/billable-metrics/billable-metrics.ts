import type { AggregationType } from '../../../domain/metering';
import { isForeignKeyViolation, isUniqueViolation } from '../../../infra/db/postgres-errors';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { billableMetricCodeTaken } from './billable-metric-errors';

/** Aggregations over a period that carry over to the next one (Lago's recurring metrics). */
export const RECURRING_AGGREGATION_TYPES: readonly AggregationType[] = ['SUM', 'UNIQUE_COUNT', 'WEIGHTED_SUM'];

export interface MetricFilter {
  key: string;
  values: string[];
}

export interface BillableMetricRecord {
  id: string;
  name: string;
  code: string;
  description: string | null;
  aggregationType: AggregationType;
  fieldName: string | null;
  recurring: boolean;
  filters: MetricFilter[];
  createdAt: Date;
  updatedAt: Date;
}

/** The fields a PATCH may change; code and aggregation type are immutable. */
export type BillableMetricChanges = Pick<
  BillableMetricRecord,
  'name' | 'description' | 'fieldName' | 'recurring' | 'filters'
>;
export type NewBillableMetric = Omit<BillableMetricRecord, 'id' | 'createdAt' | 'updatedAt'>;

interface MetricRow {
  id: string;
  name: string;
  code: string;
  description: string | null;
  aggregation_type: AggregationType;
  field_name: string | null;
  recurring: boolean;
  filters: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, name, code, description, aggregation_type, field_name, recurring, filters, created_at, updated_at';
const CODE_UNIQUE = 'billable_metrics_code_unique';

export type BillableMetricSql = TenantSql<'billable_metrics' | 'charges'>;

export async function insertBillableMetric(
  sql: BillableMetricSql,
  metric: NewBillableMetric,
): Promise<BillableMetricRecord> {
  try {
    const row = await sql.oneOrFail<MetricRow>(
      `insert into ${sql.table('billable_metrics')}
         (id, name, code, description, aggregation_type, field_name, recurring, filters)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)
       returning ${COLUMNS}`,
      [
        newId('billableMetric'),
        metric.name,
        metric.code,
        metric.description,
        metric.aggregationType,
        metric.fieldName,
        metric.recurring,
        JSON.stringify(metric.filters),
      ],
    );
    return toRecord(row);
  } catch (error) {
    if (isUniqueViolation(error, CODE_UNIQUE)) throw billableMetricCodeTaken(metric.code);
    throw error;
  }
}

export async function listBillableMetrics(
  sql: BillableMetricSql,
  window: { limit: number; offset: number },
): Promise<{ records: BillableMetricRecord[]; total: number }> {
  const table = sql.table('billable_metrics');
  const [rows, totals] = await Promise.all([
    sql.query<MetricRow>(`select ${COLUMNS} from ${table} order by created_at desc, id desc limit ? offset ?`, [
      window.limit,
      window.offset,
    ]),
    sql.query<{ total: string }>(`select count(*) as total from ${table}`),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

/**
 * How a read inside a transaction locks the row: `update` (`for no key update`) by the one who changes the metric,
 * `share` by whoever relies on its filters (a charge pricing them); the two exclude each other, so a charge cannot
 * be priced on a filter value a concurrent PATCH removes.
 */
export type MetricLock = 'update' | 'share';

const LOCK_CLAUSES: Readonly<Record<MetricLock, string>> = { update: 'for no key update', share: 'for share' };

export async function findBillableMetric(
  sql: BillableMetricSql,
  id: string,
  options: { transaction?: SqlTransaction; lock?: MetricLock } = {},
): Promise<BillableMetricRecord | undefined> {
  const lock = options.lock === undefined ? '' : LOCK_CLAUSES[options.lock];
  const row = await sql.one<MetricRow>(
    `select ${COLUMNS} from ${sql.table('billable_metrics')} where id = ? ${lock}`,
    [id],
    options.transaction,
  );
  return row === undefined ? undefined : toRecord(row);
}

export async function updateBillableMetric(
  sql: BillableMetricSql,
  id: string,
  changes: BillableMetricChanges,
  transaction?: SqlTransaction,
): Promise<BillableMetricRecord | undefined> {
  const row = await sql.one<MetricRow>(
    `update ${sql.table('billable_metrics')}
        set name = ?, description = ?, field_name = ?, recurring = ?, filters = ?::jsonb, updated_at = now()
      where id = ?
      returning ${COLUMNS}`,
    [changes.name, changes.description, changes.fieldName, changes.recurring, JSON.stringify(changes.filters), id],
    transaction,
  );
  return row === undefined ? undefined : toRecord(row);
}

/**
 * Deletes a metric no charge uses: 'in_use' when one does (the charges' foreign key refuses the delete), undefined
 * when unknown.
 */
export async function deleteBillableMetric(
  sql: BillableMetricSql,
  id: string,
): Promise<BillableMetricRecord | 'in_use' | undefined> {
  try {
    const row = await sql.one<MetricRow>(
      `delete from ${sql.table('billable_metrics')} where id = ? returning ${COLUMNS}`,
      [id],
    );
    return row === undefined ? undefined : toRecord(row);
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'in_use';
    throw error;
  }
}

export function parseJsonColumn(value: unknown): unknown {
  return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
}

function toRecord(row: MetricRow): BillableMetricRecord {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    aggregationType: row.aggregation_type,
    fieldName: row.field_name,
    recurring: row.recurring,
    filters: parseJsonColumn(row.filters) as MetricFilter[],
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** The metrics of the given ids, in no particular order (unknown ids are absent). */
export async function listBillableMetricsByIds(
  sql: TenantSql<'billable_metrics'>,
  ids: readonly string[],
  transaction?: SqlTransaction,
): Promise<BillableMetricRecord[]> {
  if (ids.length === 0) return [];
  const rows = await sql.query<MetricRow>(
    `select ${COLUMNS} from ${sql.table('billable_metrics')} where id in (${ids.map(() => '?').join(', ')})`,
    ids,
    transaction,
  );
  return rows.map(toRecord);
}
