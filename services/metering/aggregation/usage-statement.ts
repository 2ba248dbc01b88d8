import {
  NUMERIC_STRING_MAX_LENGTH,
  NUMERIC_STRING_PATTERN,
  OPERATION_TYPE_KEY,
  type AggregationType,
} from '../../../domain/metering';
import { type Rational } from '../../../domain/money';
import type { Sql, SqlParam, SqlTransaction } from '../../../infra/db/sql';
import { textArrayLiteral } from './named-params';
import { parseNumericText } from './numeric-text';

/** What aggregation needs of a billable metric. */
export interface MeteredMetric {
  code: string;
  aggregationType: AggregationType;
  fieldName: string | null;
  recurring: boolean;
}

/** One subscription's usage window `[from, to)`. */
export interface UsageWindow {
  subscriptionId: string;
  from: Date;
  to: Date;
}

/** A charge filter: the events whose property `key` holds one of `values` (compared as text). */
export interface ChargeBucketFilter {
  key: string;
  values: readonly string[];
}

/** The bucket number of the events matching no filter (filters are 0, 1, ...). */
export const REST_BUCKET = -1;

/**
 * The pieces every usage statement of one charge shares, written against an events row aliased `e`, with their
 * named values (see `bindNamed`):
 * - `bucket`: the index of the first charge filter the event matches, else -1 (CONTRACT §10: first match, in order);
 * - `number`: the exact `numeric` of `properties->>fieldName` when it is a JSON number or a numeric string (the
 *   domain's `readPropertyNumber`, same pattern and length bound), else null; a non-number never breaks the statement;
 * - `text`: the value as text, as UNIQUE_COUNT and filters compare it;
 * - `inPeriod` / `beforeEnd`: the subscription's events of the metric in `[from, to)` / before `to`.
 */
export function usageStatementParts(input: {
  table: string;
  window: UsageWindow;
  metric: MeteredMetric;
  filters: readonly ChargeBucketFilter[];
}) {
  const { table, window, metric, filters } = input;
  const values: Record<string, SqlParam> = {
    subscription_id: window.subscriptionId,
    code: metric.code,
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    field: metric.fieldName ?? '',
    numeric_pattern: NUMERIC_STRING_PATTERN,
    numeric_max_length: NUMERIC_STRING_MAX_LENGTH,
    operation_type: OPERATION_TYPE_KEY,
  };
  filters.forEach((filter, index) => {
    values[`filter_key_${index}`] = filter.key;
    values[`filter_values_${index}`] = textArrayLiteral(filter.values);
  });
  const whens = filters.map(
    (_filter, index) => `when e.properties->>@filter_key_${index} = any(@filter_values_${index}::text[]) then ${index}`,
  );
  const scope = `e.subscription_id = @subscription_id and e.code = @code and e.timestamp < @to::timestamptz`;
  return {
    table,
    values,
    filterCount: filters.length,
    bucket: whens.length === 0 ? `${REST_BUCKET}` : `case ${whens.join(' ')} else ${REST_BUCKET} end`,
    number: `case jsonb_typeof(e.properties->@field)
        when 'number' then (e.properties->@field)::numeric
        when 'string' then case when length(e.properties->>@field) <= @numeric_max_length
          and e.properties->>@field ~ @numeric_pattern then (e.properties->>@field)::numeric end
      end`,
    text: `e.properties->>@field`,
    removal: `coalesce(e.properties->>@operation_type = 'remove', false)`,
    beforeEnd: scope,
    inPeriod: `${scope} and e.timestamp >= @from::timestamptz`,
  };
}

export type UsageStatementParts = ReturnType<typeof usageStatementParts>;

/** Aggregates the rows of `source` (which has a `bucket` column) per bucket; without filters there is one. */
export function perBucket(parts: UsageStatementParts, source: string, aggregates: string): string {
  if (parts.filterCount === 0) return `select ${REST_BUCKET} as bucket, ${aggregates} from (${source}) x`;
  return `select x.bucket, ${aggregates} from (${source}) x group by x.bucket`;
}

/**
 * The memory each sort or hash of a usage statement may take. PostgreSQL cannot estimate how many distinct values
 * an expression over `properties` has (it assumes one per event), so with the default 4 MB it sorts a period's
 * events, on disk, to group them by charge filter or by value; with enough memory it hashes them in one pass
 * (2-3 times faster over a million events). Set for the statement's transaction only.
 */
export const USAGE_WORK_MEM = '64MB';

/** Runs one usage statement with `USAGE_WORK_MEM`, in its own transaction or in the caller's (then restored). */
export function queryUsage<T>(
  sql: Sql,
  statement: { text: string; params: SqlParam[] },
  transaction?: SqlTransaction,
): Promise<T[]> {
  return queryWithSettings<T>(sql, statement, { work_mem: USAGE_WORK_MEM }, transaction);
}

/**
 * Runs one statement with planner or memory settings of its own (`set_config(…, true)`), in its own transaction or
 * in the caller's, where the previous values are restored after it. One round trip sets them and reads the previous
 * values, one restores them.
 */
export async function queryWithSettings<T>(
  sql: Sql,
  statement: { text: string; params: SqlParam[] },
  settings: Readonly<Record<string, string>>,
  transaction?: SqlTransaction,
): Promise<T[]> {
  const names = Object.keys(settings);
  // Per row, the previous value is read before the new one is set (the select list is evaluated in order).
  const apply = async (values: readonly string[], within: SqlTransaction) => {
    const rows = await sql.query<{ previous: string }>(
      `select current_setting(s.name) as previous, set_config(s.name, s.value, true) as applied
         from unnest(?::text[], ?::text[]) with ordinality as s (name, value, n)
        order by s.n`,
      [textArrayLiteral(names), textArrayLiteral(values)],
      within,
    );
    return rows.map((row) => row.previous);
  };
  if (transaction === undefined) {
    return sql.transactional(async (own) => {
      await apply(Object.values(settings), own);
      return sql.query<T>(statement.text, statement.params, own);
    });
  }
  const previous = await apply(Object.values(settings), transaction);
  const rows = await sql.query<T>(statement.text, statement.params, transaction);
  await apply(previous, transaction);
  return rows;
}

/** Rows of `{ bucket, value }` (numeric as text) into the filters' values and the rest's, 0 where a bucket had none. */
export function collectBuckets(
  filterCount: number,
  rows: readonly { bucket: number | string; value: string | null }[],
  finish: (value: Rational) => Rational = (value) => value,
): { filters: Rational[]; rest: Rational } {
  const byBucket = new Map(rows.map((row) => [Number(row.bucket), parseNumericText(row.value ?? '0')]));
  const valueOf = (bucket: number) => finish(byBucket.get(bucket) ?? parseNumericText('0'));
  return {
    filters: Array.from({ length: filterCount }, (_value, index) => valueOf(index)),
    rest: valueOf(REST_BUCKET),
  };
}
