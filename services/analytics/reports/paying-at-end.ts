import { customerMrr, MRR_SCALE, type RecurringCoupon, type SubscriptionChange } from '../../../domain/analytics';
import type { AnalyticsSql } from './analytics-query';
import { groupBy } from './group-by';
import { lastMonthOf, monthArray, RAW_CUSTOMERS, VALID_AT } from './mrr-months';
import { IN_CURRENCY, latestStates, loadChanges, loadRecurringCoupons } from './recurring-history';

/** A sum of MRR (units of MRR_SCALE) over the customers paying more than zero, and how many they are. */
export interface PayingSum {
  total: bigint;
  customers: number;
}

/** MRR at the end of a range, per currency, as revenue and LTV show it. */
export interface PayingAtEnd {
  /** Every currency with a subscription change before the end. */
  currencies: string[];
  /** Live subscriptions per currency. */
  liveSubscriptions: Map<string, number>;
  /** Per currency: the customers' MRR after their recurring coupons. */
  mrr: Map<string, PayingSum>;
  /** Per currency and plan: the paying customers with the plan live, and their MRR on it (coupons split in proportion). */
  byPlan: Map<string, Map<string, PayingSum>>;
}

/** A sum over the customers read from the rollup (`mrr`, `plan`), or their live subscriptions (`live`). */
interface SumRow {
  kind: 'mrr' | 'plan' | 'live';
  currency: string;
  plan_id: string | null;
  customers: string;
  total: string;
}

/**
 * MRR at `until` without reading every subscription's latest state: the monthly rollup gives, for each customer
 * without a change in the month `until` falls in, its MRR (its live subscriptions' monthly prices, exactly as
 * `customerMrr` adds them: integers, in twelfths of a minor unit) and per plan; PostgreSQL sums them. Only the
 * customers with a change in that month or a recurring coupon are loaded from the raw changes, their coupons split
 * by `customerMrr` itself. Both are exact, so their sum is what a walk over every customer gives.
 */
export async function readPayingAtEnd(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<PayingAtEnd> {
  const currency = options.currency ?? null;
  const lastMonth = lastMonthOf(options.until);
  const cut = monthArray([lastMonth]);
  const months = sql.table('analytics_mrr_months');
  const [sums, currencies, rawStates, coupons] = await Promise.all([
    sql.query<SumRow>(
      `with raw as materialized (${RAW_CUSTOMERS(sql)}),
       ends as materialized (
         select customer_id, currency, mrr, live from ${months} m
          where ${VALID_AT} and ${IN_CURRENCY} and not exists (select from raw where raw.customer_id = m.customer_id)
       )
       select 'mrr' as kind, currency, null::text as plan_id,
              count(*) filter (where mrr > 0)::text as customers, coalesce(sum(mrr), 0)::text as total
         from ends group by currency
       union all
       select 'plan', p.currency, p.plan_id, count(*)::text, coalesce(sum(p.mrr), 0)::text
         from ${sql.table('analytics_plan_months')} p join ends e using (customer_id, currency)
        where e.mrr > 0 and p.live > 0 and p.month <= ?::date and p.valid_through > ?::date
        group by p.currency, p.plan_id
       union all
       select 'live', currency, null, coalesce(sum(live), 0)::text, '0' from ends group by currency`,
      [options.until, cut, lastMonth, lastMonth, currency, currency, lastMonth, lastMonth],
    ),
    // Every currency with a change before `until`: before its last month from the rollup, in it from the changes.
    sql.query<{ currency: string }>(
      `select currency from ${months} where month < ?::date and ${IN_CURRENCY}
        union
       select currency from ${sql.table('analytics_subscription_changes')}
        where effective_at >= ?::date and effective_at < ? and ${IN_CURRENCY}`,
      [lastMonth, currency, currency, lastMonth, options.until, currency, currency],
    ),
    loadChanges(
      sql,
      `select * from (${latestStates(sql, `customer_id in (${RAW_CUSTOMERS(sql)})`)}) s
        where status in ('ACTIVE', 'PAST_DUE')`,
      [options.until, currency, currency, options.until, cut],
    ),
    loadRecurringCoupons(sql, options.until),
  ]);
  const paying: PayingAtEnd = {
    currencies: currencies.map((row) => row.currency).sort(),
    liveSubscriptions: new Map(),
    mrr: new Map(),
    byPlan: new Map(),
  };
  for (const row of sums) {
    if (row.kind === 'live') {
      paying.liveSubscriptions.set(row.currency, Number(row.customers));
      continue;
    }
    add(row.kind === 'mrr' ? paying.mrr : plansOf(paying, row.currency), row.plan_id ?? row.currency, {
      // The rollup holds twelfths of a minor unit: MRR_SCALE is 12 x 10^6 of them.
      total: BigInt(row.total) * (MRR_SCALE / 12n),
      customers: Number(row.customers),
    });
  }
  for (const state of rawStates) {
    paying.liveSubscriptions.set(state.currency, (paying.liveSubscriptions.get(state.currency) ?? 0) + 1);
  }
  addRawCustomers(paying, { states: rawStates, coupons, at: new Date(options.until.getTime() - 1) });
  return paying;
}

/** The customers read raw, one at a time through `customerMrr`: a recurring coupon's split is its own. */
function addRawCustomers(
  paying: PayingAtEnd,
  input: { states: readonly SubscriptionChange[]; coupons: readonly RecurringCoupon[]; at: Date },
): void {
  const coupons = groupBy(input.coupons, (coupon) => coupon.customerId);
  for (const [customerId, states] of groupBy(input.states, (state) => state.customerId)) {
    for (const currency of new Set(states.map((state) => state.currency))) {
      const mrr = customerMrr({ states, coupons: coupons.get(customerId) ?? [], currency, at: input.at });
      if (mrr.total <= 0n) continue;
      add(paying.mrr, currency, { total: mrr.total, customers: 1 });
      for (const [planId, amount] of mrr.byPlan)
        add(plansOf(paying, currency), planId, { total: amount, customers: 1 });
    }
  }
}

function plansOf(paying: PayingAtEnd, currency: string): Map<string, PayingSum> {
  const plans = paying.byPlan.get(currency) ?? new Map<string, PayingSum>();
  paying.byPlan.set(currency, plans);
  return plans;
}

function add(sums: Map<string, PayingSum>, key: string, sum: PayingSum): void {
  const known = sums.get(key) ?? { total: 0n, customers: 0 };
  sums.set(key, { total: known.total + sum.total, customers: known.customers + sum.customers });
}
