import { type PercentageTerms } from '../../../domain/charge-models';
import { formatDecimal, type Rational } from '../../../domain/money';
import type { Sql, SqlTransaction } from '../../../infra/db/sql';
import { bindNamed } from './named-params';
import {
  collectBuckets,
  queryUsage,
  REST_BUCKET,
  usageStatementParts,
  type ChargeBucketFilter,
  type UsageStatementParts,
  type MeteredMetric,
  type UsageWindow,
} from './usage-statement';

/**
 * PERCENTAGE fee (exact, major units) of each bucket's transactions: the `fieldName` values of the period's events
 * in event order (timestamp, then ingestion), negative amounts as 0, non-numbers skipped (domain/metering's
 * `percentageTransactions`), each priced as `percentageExact` does (domain/charge-models), in one statement:
 * 1. the free allowance: a transaction's position in its bucket and the amount of the transactions before it come
 *    from window functions, and only when some bucket has a free setting (otherwise order does not matter and no
 *    sort is needed); the first `freeUnitsPerEvents` transactions are covered up to what is left of
 *    `freeUnitsPerTotalAggregation` (everything when it is not set);
 * 2. a transaction paying more than 0 costs rate% of what it pays plus the fixed amount, clamped to [min, max]; the
 *    transactions are grouped by what they pay first (one hash pass), so each fee is computed once per distinct
 *    amount rather than once per event;
 * 3. the fees are summed exactly in `numeric` and returned as text.
 */
export async function percentageUsageFees(
  sql: Sql,
  table: string,
  window: UsageWindow,
  metric: MeteredMetric,
  filters: readonly (ChargeBucketFilter & { terms: PercentageTerms })[],
  restTerms: PercentageTerms,
  transaction?: SqlTransaction,
): Promise<{ filters: Rational[]; rest: Rational }> {
  const parts = usageStatementParts({ table, window, metric, filters });
  const terms = [...filters.map((filter, index) => termsRow(index, filter.terms)), termsRow(REST_BUCKET, restTerms)];
  const withAllowance = terms.some((row) => row.free_events !== null || row.free_amount !== null);
  const statement = `
    with terms as (
      select bucket, rate * 0.01 as rate_fraction, coalesce(fixed_amount, 0) as fixed_amount,
        free_events, free_amount, min_fee, max_fee
      from jsonb_to_recordset(@terms::jsonb) as t (
        bucket int, rate numeric, fixed_amount numeric, free_events bigint, free_amount numeric,
        min_fee numeric, max_fee numeric)
    )
    select t.bucket, sum(
        p.transactions * case when p.paying > 0
          then least(greatest(p.paying * t.rate_fraction + t.fixed_amount, t.min_fee), t.max_fee)
          else 0 end
      )::text as value
    from (
      select x.bucket, x.paying, count(*) as transactions
      from (${withAllowance ? payingAfterAllowance(parts) : payingInFull(parts)}) x
      group by x.bucket, x.paying
    ) p
    join terms t on t.bucket = p.bucket
    group by t.bucket`;
  const { text, params } = bindNamed(statement, { ...parts.values, terms: JSON.stringify(terms) });
  const rows = await queryUsage<{ bucket: number; value: string | null }>(sql, { text, params }, transaction);
  return collectBuckets(filters.length, rows);
}

/**
 * Without a free allowance a transaction pays its whole amount, whatever its place: no ordering, one pass. A
 * negative amount pays nothing, as a transaction of 0.
 */
function payingInFull(parts: UsageStatementParts): string {
  return `select ${parts.bucket} as bucket, ${parts.number} as paying from ${parts.table} e where ${parts.inPeriod}`;
}

/**
 * With one, each transaction's position in its bucket and the amount of the transactions before it (window
 * functions over event order) say how much of it the allowance covers: the first `free_events` transactions (all
 * when unset) are covered up to what is left of `free_amount` (everything when unset). `offset 0` keeps the
 * innermost query whole, so each event's amount is read from `properties` once rather than wherever the outer
 * queries name it (PostgreSQL would otherwise copy the expression into each use).
 */
function payingAfterAllowance(parts: UsageStatementParts): string {
  return `select x.bucket, x.amount - case
        when t.free_events is null and t.free_amount is null then 0
        when t.free_events is not null and x.position > t.free_events then 0
        when t.free_amount is null then x.amount
        else least(x.amount, greatest(t.free_amount - x.earlier, 0))
      end as paying
    from (
      select x.bucket, x.amount, row_number() over w as position, sum(x.amount) over w - x.amount as earlier
      from (
        select bucket, greatest(v, 0) as amount, timestamp, seq from (
          select ${parts.bucket} as bucket, ${parts.number} as v, e.timestamp, e.seq
          from ${parts.table} e where ${parts.inPeriod}
          offset 0
        ) raw
        where v is not null
      ) x
      window w as (partition by x.bucket order by x.timestamp, x.seq rows unbounded preceding)
    ) x
    join terms t on t.bucket = x.bucket`;
}

/** One bucket's terms as the statement reads them: decimals as exact strings, unset settings null. */
function termsRow(bucket: number, terms: PercentageTerms) {
  const decimal = (value: PercentageTerms['rate'] | undefined) => (value === undefined ? null : formatDecimal(value));
  return {
    bucket,
    rate: formatDecimal(terms.rate),
    fixed_amount: decimal(terms.fixedAmount),
    free_events: terms.freeUnitsPerEvents === undefined ? null : terms.freeUnitsPerEvents.toString(),
    free_amount: decimal(terms.freeUnitsPerTotalAggregation),
    min_fee: decimal(terms.perTransactionMin),
    max_fee: decimal(terms.perTransactionMax),
  };
}
