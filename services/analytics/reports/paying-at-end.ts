import { customerMrr, MRR_SCALE, type RecurringCoupon, type SubscriptionChange } from '../../../domain/analytics';
import type { AnalyticsSql } from './analytics-query';
import { groupBy } from './group-by';
import {
  latestStates,
  loadChanges,
  loadRecurringCoupons,
  RECURRING_COUPON_CUSTOMERS,
  IN_CURRENCY,
} from './recurring-history';

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

/** A sum over the customers without recurring coupons (`mrr`, `plan`), or the live subscriptions (`live`). */
interface SumRow {
  kind: 'mrr' | 'plan' | 'live';
  currency: string;
  plan_id: string | null;
  customers: string;
  total: string;
}

/**
 * MRR at `until` without shipping every live subscription to the API: PostgreSQL sums the customers no recurring
 * coupon ever applied to (their MRR is their live subscriptions' monthly prices, exactly as `customerMrr` adds them:
 * integers, here in twelfths of a minor unit), and only the few with a recurring coupon are loaded, their coupons split by
 * `customerMrr` itself. Both are exact, so their sum is what a walk over every customer gives.
 */
export async function readPayingAtEnd(
  sql: AnalyticsSql,
  options: { until: Date; currency?: string },
): Promise<PayingAtEnd> {
  const currency = options.currency ?? null;
  const table = sql.table('subscription_changes');
  const [sums, currencies, couponStates, coupons] = await Promise.all([
    sql.query<SumRow>(
      `with latest as materialized (
         select customer_id, plan_id, currency, amount_minor, billing_interval
           from (${latestStates(sql)}) s
          where status in ('ACTIVE', 'PAST_DUE')
       ), live as (
         select currency, customer_id, plan_id,
                amount_minor::numeric
                  * (case billing_interval when 'WEEKLY' then 52 when 'MONTHLY' then 12
                                           when 'QUARTERLY' then 4 when 'YEARLY' then 1 end) as monthly
           from latest l
          where not exists (select from (${RECURRING_COUPON_CUSTOMERS(sql)}) r where r.customer_id = l.customer_id)
       ), per_customer as (
         select currency, customer_id, sum(monthly) as total from live group by currency, customer_id
       ), per_plan as (
         select l.currency, l.plan_id, l.customer_id, sum(l.monthly) as monthly
           from live l join per_customer c on c.currency = l.currency and c.customer_id = l.customer_id
          where c.total > 0
          group by l.currency, l.plan_id, l.customer_id
       )
       select 'mrr' as kind, currency, null::text as plan_id,
              count(*) filter (where total > 0)::text as customers, coalesce(sum(total), 0)::text as total
         from per_customer group by currency
       union all
       select 'plan', currency, plan_id, count(*)::text, coalesce(sum(monthly), 0)::text
         from per_plan group by currency, plan_id
       union all
       select 'live', currency, null, count(*)::text, '0' from latest group by currency`,
      [options.until, currency, currency, options.until],
    ),
    sql.query<{ currency: string }>(
      `select distinct currency from ${table} where effective_at < ? and ${IN_CURRENCY}`,
      [options.until, currency, currency],
    ),
    loadChanges(
      sql,
      `select * from (${latestStates(sql, `customer_id in (${RECURRING_COUPON_CUSTOMERS(sql)})`)}) s
        where status in ('ACTIVE', 'PAST_DUE')`,
      [options.until, currency, currency, options.until],
    ),
    loadRecurringCoupons(sql, options.until),
  ]);
  const paying: PayingAtEnd = {
    currencies: currencies.map((row) => row.currency).sort(),
    liveSubscriptions: new Map(
      sums.filter((row) => row.kind === 'live').map((row) => [row.currency, Number(row.customers)]),
    ),
    mrr: new Map(),
    byPlan: new Map(),
  };
  for (const row of sums.filter((each) => each.kind !== 'live')) {
    add(row.kind === 'mrr' ? paying.mrr : plansOf(paying, row.currency), row.plan_id ?? row.currency, {
      // PostgreSQL sums twelfths of a minor unit: MRR_SCALE is 12 x 10^6 of them.
      total: BigInt(row.total) * (MRR_SCALE / 12n),
      customers: Number(row.customers),
    });
  }
  addCouponCustomers(paying, { states: couponStates, coupons, at: new Date(options.until.getTime() - 1) });
  return paying;
}

/** The customers with a recurring coupon, one at a time through `customerMrr`: the coupons' split is its own. */
function addCouponCustomers(
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
