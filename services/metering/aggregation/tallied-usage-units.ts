import type { Rational } from '../../../domain/money';
import type { Sql, SqlParam, SqlTransaction } from '../../../infra/db/sql';
import {
  aggregateUsageUnits,
  countsEventsBeforeWindow,
  perWindowSecond,
  windowEndEpoch,
} from './aggregate-usage-units';
import { bindNamed } from './named-params';
import { parseNumericText } from './numeric-text';
import {
  advanceTally,
  canServe,
  FRESH_ENTRY,
  type BucketAggregates,
  type TallyEntry,
  type TallyMerge,
  type TailReading,
  type UsageTally,
} from './usage-tally';
import {
  queryUsage,
  queryWithSettings,
  REST_BUCKET,
  usageStatementParts,
  type ChargeBucketFilter,
  type MeteredMetric,
  type UsageWindow,
} from './usage-statement';

/** The aggregation of each type whose partial results combine exactly; UNIQUE_COUNT and LATEST do not. */
const TALLIED: Partial<Record<MeteredMetric['aggregationType'], { row: string; merge: TallyMerge }>> = {
  COUNT: { row: '1', merge: 'ADD' },
  SUM: { row: 'x.v', merge: 'ADD' },
  MAX: { row: 'x.v', merge: 'MAX' },
  WEIGHTED_SUM: {
    row: 'x.v * (@to_epoch::numeric - extract(epoch from greatest(x.at, @from::timestamptz)))',
    merge: 'ADD',
  },
};

interface TallyRow {
  xmin: string;
  xmax: string;
  bucket: number | null;
  value: string | null;
  settling: string | null;
  last_seq: string | null;
}

/**
 * `aggregateUsageUnits`, answered from a running aggregate where the type allows: the rows counted before (up to the
 * entry's floor) plus one statement over the rows above it, on the (subscription_id, code, seq) index. The result is
 * the same as the whole aggregation's in the statement's snapshot (the property test holds the two equal over
 * random sequences with late commits, backdated events and period rolls). UNIQUE_COUNT and LATEST, whose partial
 * results do not combine, are aggregated whole; so is a read whose snapshot is older than the entry's floor.
 */
export async function tallyUsageUnits(
  sql: Sql,
  request: {
    table: string;
    window: UsageWindow;
    metric: MeteredMetric;
    filters: readonly ChargeBucketFilter[];
    tally: UsageTally;
    transaction?: SqlTransaction;
  },
): Promise<{ filters: Rational[]; rest: Rational }> {
  const { table, window, metric, filters, tally, transaction } = request;
  const shape = TALLIED[metric.aggregationType];
  if (shape === undefined) return aggregateUsageUnits(sql, table, window, metric, filters, transaction);
  const parts = usageStatementParts({ table, window, metric, filters });
  const scope = countsEventsBeforeWindow(metric) ? parts.beforeEnd : parts.inPeriod;
  const aggregate = shape.merge === 'MAX' ? `max(${shape.row})` : `sum(${shape.row})`;
  const statement = (rows: string) => `with snapshot as (select pg_current_snapshot() as s)
    select pg_snapshot_xmin(snapshot.s)::text as xmin, pg_snapshot_xmax(snapshot.s)::text as xmax,
           t.bucket, t.value, t.settling, t.last_seq
      from snapshot left join (
        select x.bucket, ${aggregate}::text as value,
               ${aggregate} filter (where x.seq <= @tally_candidate)::text as settling, max(x.seq)::text as last_seq
          from (select ${parts.bucket} as bucket, ${parts.number} as v, e.seq, e.timestamp as at
                  from ${rows} e where ${scope} and e.seq > @tally_floor) x
         group by x.bucket
      ) t on true`;
  const wholeText = statement(table);
  // Above a floor only the (subscription_id, code, seq) range is worth reading. Without statistics (a table that
  // filled faster than autovacuum analyses it) the planner rates both of the subscription's indexes at one row and
  // may scan the whole period on the timestamp one: 6,400 rows and 25-45 ms for 300 new events in bench:ingest's
  // wallet round. Asking for the rows in seq order with sorting disabled leaves one plan that needs no sort: the
  // seq range; `offset 0` keeps the period's bounds out of the subquery.
  const tailText = statement(
    `(select * from ${table} e where e.subscription_id = @subscription_id and e.code = @code
        and e.seq > @tally_floor order by e.seq offset 0)`,
  );
  const key = JSON.stringify([table, metric.aggregationType, scope === parts.beforeEnd, parts.values]);
  const values = { ...parts.values, to_epoch: windowEndEpoch(window) };
  // A first read aggregates every row, with the statement memory of a whole aggregation; later ones a few.
  const runRead = (entry: TallyEntry, bound: { text: string; params: SqlParam[] }): Promise<TallyRow[]> => {
    if (entry === FRESH_ENTRY) return queryUsage<TallyRow>(sql, bound, transaction);
    if (entry.floorSeq < 0n) return sql.query<TallyRow>(bound.text, bound.params, transaction);
    return queryWithSettings<TallyRow>(sql, bound, { enable_sort: 'off' }, transaction);
  };
  const read = async (entry: TallyEntry): Promise<TailReading> => {
    const bound = bindNamed(entry.floorSeq < 0n ? wholeText : tailText, {
      ...values,
      tally_floor: entry.floorSeq.toString(),
      tally_candidate: (entry.candidate?.seq ?? -1n).toString(),
    });
    return readingOf(await runRead(entry, bound));
  };
  const known = tally.read(key);
  let reading = await read(known ?? FRESH_ENTRY);
  let entry = known ?? FRESH_ENTRY;
  if (!canServe(entry, reading)) {
    entry = FRESH_ENTRY;
    reading = await read(entry);
  }
  const { buckets, next } = advanceTally(entry, reading, shape.merge);
  if (entry === FRESH_ENTRY) tally.counts.whole += 1;
  else tally.counts.tallied += 1;
  if (next.floorSeq > entry.floorSeq) tally.counts.floorsMoved += 1;
  if (entry === (known ?? FRESH_ENTRY)) tally.write(key, { read: known, next });
  const finish = metric.aggregationType === 'WEIGHTED_SUM' ? perWindowSecond(window) : (value: Rational) => value;
  return unitsOf(filters.length, buckets, finish);
}

function readingOf(rows: readonly TallyRow[]): TailReading {
  const [first] = rows;
  if (first === undefined) throw new Error('The tally statement returned no snapshot row');
  const all = new Map<number, Rational | null>();
  const upToCandidate = new Map<number, Rational | null>();
  let lastSeq: bigint | null = null;
  for (const row of rows) {
    if (row.bucket === null) continue;
    const { bucket } = row;
    all.set(bucket, row.value === null ? null : parseNumericText(row.value));
    upToCandidate.set(bucket, row.settling === null ? null : parseNumericText(row.settling));
    const seq = row.last_seq === null ? null : BigInt(row.last_seq);
    if (seq !== null && (lastSeq === null || seq > lastSeq)) lastSeq = seq;
  }
  return { xmin: BigInt(first.xmin), xmax: BigInt(first.xmax), all, upToCandidate, lastSeq };
}

/** As `collectBuckets`: 0 where a bucket had no row or no value. */
function unitsOf(
  filterCount: number,
  buckets: BucketAggregates,
  finish: (value: Rational) => Rational,
): { filters: Rational[]; rest: Rational } {
  const valueOf = (bucket: number) => finish(buckets.get(bucket) ?? parseNumericText('0'));
  return {
    filters: Array.from({ length: filterCount }, (_value, index) => valueOf(index)),
    rest: valueOf(REST_BUCKET),
  };
}
