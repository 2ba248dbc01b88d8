import { MRR_SCALE, mrrMovements, type MrrMovements } from '../../../domain/analytics';
import type { SqlParam } from '../../../infra/db/sql';
import type { AnalyticsQuery, AnalyticsSql } from './analytics-query';
import { lastMonthOf, monthArray, monthDate, previousMonthDate, RAW_CUSTOMERS, VALID_AT } from './mrr-months';
import { IN_CURRENCY, latestStates, loadChanges, loadRecurringCoupons } from './recurring-history';

interface MovementRow {
  currency: string;
  start: string;
  end: string;
  new: string;
  expansion: string;
  contraction: string;
  churned: string;
}

/**
 * The MRR movements of a range per currency, as `mrrMovements` walks them over the whole history. A customer without a
 * change in the months the range cuts through (its first month unless it starts on the 1st, its last) and without a
 * recurring coupon is read from the monthly rollup: its MRR at the end of the month before the range and at the end
 * of the range's last month, and the movements of the months between, already classified. The others are walked from
 * the raw changes, each from its subscriptions' states at the start of the range.
 */
export async function readRangeMovements(sql: AnalyticsSql, query: AnalyticsQuery): Promise<MrrMovements[]> {
  const { from, until } = query.range;
  const currency = query.currency ?? null;
  const firstMonth = monthDate(from);
  const startMonth = previousMonthDate(firstMonth);
  const lastMonth = lastMonthOf(until);
  const cutMonths =
    from.getTime() === Date.parse(`${firstMonth}T00:00:00.000Z`) ? [lastMonth] : [lastMonth, firstMonth];
  const rawParams: SqlParam[] = [until, monthArray(cutMonths)];
  const [rolled, plans, raw] = await Promise.all([
    sql.query<MovementRow>(
      `with raw as materialized (${RAW_CUSTOMERS(sql)})
       select currency,
              coalesce(sum(mrr) filter (where month <= ?::date and valid_through > ?::date), 0)::text as start,
              coalesce(sum(mrr) filter (where valid_through > ?::date), 0)::text as end,
              coalesce(sum(new_mrr) filter (where month > ?::date), 0)::text as new,
              coalesce(sum(expansion) filter (where month > ?::date), 0)::text as expansion,
              coalesce(sum(contraction) filter (where month > ?::date), 0)::text as contraction,
              coalesce(sum(churned) filter (where month > ?::date), 0)::text as churned
         from ${sql.table('analytics_mrr_months')} m
        where month <= ?::date and ${IN_CURRENCY}
          and not exists (select from raw where raw.customer_id = m.customer_id)
        group by currency`,
      [
        ...rawParams,
        startMonth,
        startMonth,
        lastMonth,
        ...[startMonth, startMonth, startMonth, startMonth],
        lastMonth,
        currency,
        currency,
      ],
    ),
    sql.query<{ currency: string; plan_id: string; mrr: string }>(
      `with raw as materialized (${RAW_CUSTOMERS(sql)})
       select currency, plan_id, sum(mrr)::text as mrr
         from ${sql.table('analytics_plan_months')} p
        where ${VALID_AT} and ${IN_CURRENCY} and not exists (select from raw where raw.customer_id = p.customer_id)
        group by currency, plan_id`,
      [...rawParams, lastMonth, lastMonth, currency, currency],
    ),
    loadRawHistory(sql, { query, rawParams }),
  ]);
  const byCurrency = new Map(raw.map((each) => [each.currency, each]));
  const scale = MRR_SCALE / 12n;
  for (const row of rolled) {
    const into = movementsOf(byCurrency, row.currency);
    into.start += BigInt(row.start) * scale;
    into.end += BigInt(row.end) * scale;
    into.new += BigInt(row.new) * scale;
    into.expansion += BigInt(row.expansion) * scale;
    into.contraction += BigInt(row.contraction) * scale;
    into.churned += BigInt(row.churned) * scale;
  }
  for (const row of plans) {
    const plansOf = movementsOf(byCurrency, row.currency).endByPlan;
    plansOf.set(row.plan_id, (plansOf.get(row.plan_id) ?? 0n) + BigInt(row.mrr) * scale);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The walk over the customers read raw: their states at the start of the range, their changes in it, coupons. */
async function loadRawHistory(
  sql: AnalyticsSql,
  input: { query: AnalyticsQuery; rawParams: SqlParam[] },
): Promise<MrrMovements[]> {
  const { from, until } = input.query.range;
  const currency = input.query.currency ?? null;
  const rawOnly = `customer_id in (${RAW_CUSTOMERS(sql)})`;
  const [changes, coupons] = await Promise.all([
    loadChanges(
      sql,
      latestStates(sql, rawOnly),
      [from, currency, currency, ...input.rawParams],
      `select * from ${sql.table('analytics_subscription_changes')}
        where effective_at >= ? and effective_at < ? and ${IN_CURRENCY} and ${rawOnly}`,
      [from, until, currency, currency, ...input.rawParams],
    ),
    loadRecurringCoupons(sql, until),
  ]);
  return mrrMovements({ changes, coupons }, input.query.range);
}

function movementsOf(byCurrency: Map<string, MrrMovements>, currency: string): MrrMovements {
  const found = byCurrency.get(currency) ?? {
    currency,
    start: 0n,
    end: 0n,
    new: 0n,
    expansion: 0n,
    contraction: 0n,
    churned: 0n,
    endByPlan: new Map<string, bigint>(),
    churnedCustomers: new Set<string>(),
  };
  byCurrency.set(currency, found);
  return found;
}
