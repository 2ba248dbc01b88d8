import { createRational, formatDecimal, type Rational } from '../../../domain/money';
import type { Sql, SqlTransaction } from '../../../infra/db/sql';
import { bindNamed } from './named-params';
import {
  collectBuckets,
  queryUsage,
  perBucket,
  usageStatementParts,
  type ChargeBucketFilter,
  type MeteredMetric,
  type UsageStatementParts,
  type UsageWindow,
} from './usage-statement';

const RECURRING_TYPES: readonly MeteredMetric['aggregationType'][] = ['SUM', 'UNIQUE_COUNT', 'WEIGHTED_SUM'];

/** Whether the metric's units count every event before the window's end (a recurring total) or the window's only. */
export function countsEventsBeforeWindow(metric: MeteredMetric): boolean {
  return metric.recurring && RECURRING_TYPES.includes(metric.aggregationType);
}

/**
 * Units of each charge filter (first match, in order) and of the events matching none, over `[from, to)`, with the
 * semantics of `domain/metering` (the property test holds the two equal). One statement per call: the period's
 * events never leave PostgreSQL, the arithmetic is `numeric` (exact), and the result crosses as text.
 */
export async function aggregateUsageUnits(
  sql: Sql,
  table: string,
  window: UsageWindow,
  metric: MeteredMetric,
  filters: readonly ChargeBucketFilter[],
  transaction?: SqlTransaction,
): Promise<{ filters: Rational[]; rest: Rational }> {
  const parts = usageStatementParts({ table, window, metric, filters });
  const recurring = countsEventsBeforeWindow(metric);
  const statement = unitsStatement({ type: metric.aggregationType, parts, recurring, window });
  const { text, params } = bindNamed(statement.text, { ...parts.values, ...statement.values });
  const rows = await queryUsage<{ bucket: number; value: string | null }>(sql, { text, params }, transaction);
  return collectBuckets(filters.length, rows, statement.finish);
}

interface UnitsStatement {
  text: string;
  values?: Record<string, string>;
  finish?: (value: Rational) => Rational;
}

function unitsStatement(input: {
  type: MeteredMetric['aggregationType'];
  parts: UsageStatementParts;
  recurring: boolean;
  window: UsageWindow;
}): UnitsStatement {
  const { type, parts, recurring } = input;
  const scope = recurring ? parts.beforeEnd : parts.inPeriod;
  const rows = `select ${parts.bucket} as bucket, ${parts.number} as v from ${parts.table} e where ${scope}`;
  switch (type) {
    case 'COUNT':
      return {
        text: perBucket(
          parts,
          `select ${parts.bucket} as bucket from ${parts.table} e where ${scope}`,
          'count(*)::text as value',
        ),
      };
    case 'SUM':
      return { text: perBucket(parts, rows, 'sum(x.v)::text as value') };
    case 'MAX':
      return { text: perBucket(parts, rows, 'max(x.v)::text as value') };
    case 'LATEST':
      return { text: latestStatement(parts) };
    case 'UNIQUE_COUNT':
      return { text: recurring ? activeValuesStatement(parts) : addedValuesStatement(parts) };
    case 'WEIGHTED_SUM':
      return weightedSumStatement(parts, scope, input.window);
  }
}

/**
 * LATEST: the greatest timestamp of each bucket's numeric values in one pass, then the value of the last ingested
 * event at that instant (an index lookup per bucket), rather than sorting the period's events.
 */
function latestStatement(parts: UsageStatementParts): string {
  const last = perBucket(
    parts,
    `select ${parts.bucket} as bucket, e.timestamp as at from ${parts.table} e
      where ${parts.inPeriod} and ${parts.number} is not null`,
    'max(x.at) as at',
  );
  return `select l.bucket, (
      select ${parts.number} from ${parts.table} e
      where ${parts.inPeriod} and e.timestamp = l.at and ${parts.bucket} = l.bucket and ${parts.number} is not null
      order by e.seq desc limit 1
    )::text as value
    from (${last}) l`;
}

/** UNIQUE_COUNT, not recurring: the distinct values of the period's events that are not removals. */
function addedValuesStatement(parts: UsageStatementParts): string {
  return `select bucket, count(*)::text as value from (
      select distinct ${parts.bucket} as bucket, ${parts.text} as t from ${parts.table} e
      where ${parts.inPeriod} and ${parts.text} is not null and not ${parts.removal}
    ) x group by bucket`;
}

/**
 * UNIQUE_COUNT, recurring: the values active at the end, i.e. whose latest event before it is not a removal. One
 * pass takes each value's latest add and latest removal instant; only a value added and removed at the same instant
 * needs its events at that instant, where the later ingestion decides.
 */
function activeValuesStatement(parts: UsageStatementParts): string {
  const tieGoesToAdd = `(
      select not ${parts.removal} from ${parts.table} e
      where ${parts.beforeEnd} and e.timestamp = v.added and ${parts.text} = v.t and ${parts.bucket} = v.bucket
      order by e.seq desc limit 1
    )`;
  // The inner grouping keeps only (bucket, value, removal, instant) per event, so the rows it hashes or sorts stay
  // narrow; the outer one sees at most two rows per value.
  return `select bucket, count(*)::text as value from (
      select bucket, t, max(last) filter (where not removal) as added, max(last) filter (where removal) as removed
      from (
        select ${parts.bucket} as bucket, ${parts.text} as t, ${parts.removal} as removal, max(e.timestamp) as last
        from ${parts.table} e where ${parts.beforeEnd} and ${parts.text} is not null
        group by 1, 2, 3
      ) latest
      group by bucket, t
    ) v
    where v.added is not null and (v.removed is null or v.added > v.removed or (v.added = v.removed and ${tieGoesToAdd}))
    group by bucket`;
}

/**
 * WEIGHTED_SUM: Σ total × seconds held equals Σ delta × seconds from the delta to the period's end, a delta from
 * before the period (recurring) counting from the start: one pass, no ordering. The division by the period's
 * seconds is done exactly in Node.
 */
function weightedSumStatement(parts: UsageStatementParts, scope: string, window: UsageWindow): UnitsStatement {
  const text = perBucket(
    parts,
    `select ${parts.bucket} as bucket, ${parts.number} as v, e.timestamp as at from ${parts.table} e where ${scope}`,
    `sum(x.v * (@to_epoch::numeric - extract(epoch from greatest(x.at, @from::timestamptz))))::text as value`,
  );
  return { text, values: { to_epoch: windowEndEpoch(window) }, finish: perWindowSecond(window) };
}

/** The window's end in epoch seconds, as the weighted sum's `@to_epoch`. */
export const windowEndEpoch = (window: UsageWindow): string =>
  formatDecimal({ unscaled: BigInt(window.to.getTime()), scale: 3 });

/** WEIGHTED_SUM's last step: the weighted total divided, exactly, by the window's seconds. */
export function perWindowSecond(window: UsageWindow): (weighted: Rational) => Rational {
  const periodSeconds = createRational(BigInt(window.to.getTime() - window.from.getTime()), 1000n);
  return (weighted) =>
    periodSeconds.numerator <= 0n
      ? createRational(0n, 1n)
      : createRational(weighted.numerator * periodSeconds.denominator, weighted.denominator * periodSeconds.numerator);
}
