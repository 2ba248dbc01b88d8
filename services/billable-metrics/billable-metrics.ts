import type { EntityManager } from '@mikro-orm/postgresql';
import { quoteIdentifier } from '../../infra/db/sql-identifier';
import { newId } from '../../infra/ids';
import { billableMetricCodeTaken } from './billable-metric-errors';

export const AGGREGATION_TYPES = ['COUNT', 'SUM', 'MAX', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

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

/** The tenant schema's table, from the request's tenant-bound EntityManager (tenantEntityManager). */
export function tenantTable(em: EntityManager, table: string): string {
  const schema = em.schema;
  if (schema === undefined) throw new Error('A tenant query needs an EntityManager bound to a tenant schema');
  return `${quoteIdentifier(schema)}.${table}`;
}

export async function insertBillableMetric(
  em: EntityManager,
  metric: NewBillableMetric,
): Promise<BillableMetricRecord> {
  try {
    const rows = await em.getConnection().execute<MetricRow[]>(
      `insert into ${tenantTable(em, 'billable_metrics')}
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
      'all',
    );
    return toRecord(firstRow(rows));
  } catch (error) {
    if (isUniqueViolation(error, CODE_UNIQUE)) throw billableMetricCodeTaken(metric.code);
    throw error;
  }
}

export async function listBillableMetrics(
  em: EntityManager,
  window: { limit: number; offset: number },
): Promise<{ records: BillableMetricRecord[]; total: number }> {
  const connection = em.getConnection();
  const table = tenantTable(em, 'billable_metrics');
  const [rows, totals] = await Promise.all([
    connection.execute<MetricRow[]>(
      `select ${COLUMNS} from ${table} order by created_at desc, id desc limit ? offset ?`,
      [window.limit, window.offset],
    ),
    connection.execute<{ total: string }[]>(`select count(*) as total from ${table}`),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

export async function findBillableMetric(em: EntityManager, id: string): Promise<BillableMetricRecord | undefined> {
  const rows = await em
    .getConnection()
    .execute<MetricRow[]>(`select ${COLUMNS} from ${tenantTable(em, 'billable_metrics')} where id = ?`, [id]);
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

export async function updateBillableMetric(
  em: EntityManager,
  id: string,
  changes: BillableMetricChanges,
): Promise<BillableMetricRecord | undefined> {
  const rows = await em.getConnection().execute<MetricRow[]>(
    `update ${tenantTable(em, 'billable_metrics')}
        set name = ?, description = ?, field_name = ?, recurring = ?, filters = ?::jsonb, updated_at = now()
      where id = ?
      returning ${COLUMNS}`,
    [changes.name, changes.description, changes.fieldName, changes.recurring, JSON.stringify(changes.filters), id],
    'all',
  );
  return rows[0] === undefined ? undefined : toRecord(rows[0]);
}

/**
 * Deletes a metric no charge uses: 'in_use' when one does (checked first; the charges foreign key is the backstop
 * against a charge created meanwhile), undefined when unknown.
 */
export async function deleteBillableMetric(
  em: EntityManager,
  id: string,
): Promise<BillableMetricRecord | 'in_use' | undefined> {
  const connection = em.getConnection();
  const used = await connection.execute<{ used: boolean }[]>(
    `select exists (select 1 from ${tenantTable(em, 'charges')} where billable_metric_id = ?) as used`,
    [id],
  );
  if (used[0]?.used === true) return 'in_use';
  try {
    const rows = await connection.execute<MetricRow[]>(
      `delete from ${tenantTable(em, 'billable_metrics')} where id = ? returning ${COLUMNS}`,
      [id],
      'all',
    );
    return rows[0] === undefined ? undefined : toRecord(rows[0]);
  } catch (error) {
    if (hasCode(error, '23503')) return 'in_use';
    throw error;
  }
}

export function firstRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('a returning statement returned no row');
  return row;
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  return hasCode(error, '23505') && (error as { constraint?: unknown }).constraint === constraint;
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

/** The (key, value) pairs the charges on a metric price through their filters. */
export async function listPricedFilterValues(
  em: EntityManager,
  metricId: string,
): Promise<{ key: string; value: string }[]> {
  return em.getConnection().execute<{ key: string; value: string }[]>(
    `select distinct priced.filter ->> 'key' as key, priced_value.value as value
       from ${tenantTable(em, 'charges')} as charge
            cross join lateral jsonb_array_elements(charge.filters) as priced (filter)
            cross join lateral jsonb_array_elements_text(priced.filter -> 'values') as priced_value (value)
      where charge.billable_metric_id = ?`,
    [metricId],
  );
}
