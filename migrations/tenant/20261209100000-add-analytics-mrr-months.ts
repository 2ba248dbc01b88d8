import { Migration } from '@mikro-orm/migrations';

/**
 * A monthly rollup of the recurring history, so the analytics reports read one row per customer, currency (and plan)
 * and month instead of sorting every subscription change:
 *
 * - `analytics_mrr_months`: per customer, currency and UTC month in which the customer had a subscription change, its
 *   state at the end of the month (MRR of its live subscriptions in twelfths of a minor unit, whether a live or
 *   paused subscription is held, how many are live, how many are in each status and how many are not canceled), the
 *   month's MRR movements classified as the reports classify them (new, expansion, contraction, churned), how many
 *   subscriptions began their first live time, started, were canceled, and how often the customer churned (its last
 *   live or paused subscription ended) that month;
 * - `analytics_plan_months`: the same per plan, in the months a change involved the plan (as the plan entered or
 *   left): MRR and live subscriptions at the end, live milliseconds inside the month, first live time on the plan.
 *
 * `valid_through` is the next month with a row of the same key ('infinity' for the last): between a row's month and
 * it nothing changed, so the row is also the state at the end of every month in between. The rollup ignores coupons:
 * the reports take customers with a recurring coupon from the raw tables (they are few, and the coupon split is the
 * domain's own).
 *
 * Kept by PostgreSQL itself: statement triggers on `subscription_changes` recompute the rows of every customer a
 * statement touched, from that customer's changes, in the statement's transaction. So the rollup commits or rolls back
 * with the change, whichever code (a service, a bulk load, a repair) writes it, and no job can fall behind. Writers
 * of one customer are serialised by a transaction-scoped advisory lock per customer (a statement touching more than a
 * thousand customers, a bulk load, locks the rollup tables instead), so each recomputation sees the other's committed
 * change (READ COMMITTED, the platform's isolation). Existing tenants are backfilled by the same function.
 */
export class AddAnalyticsMrrMonths extends Migration {
  override name = '20261209100000_add_analytics_mrr_months';

  override up(): void {
    this.addSql(`
      create table analytics_mrr_months (
        customer_id text not null,
        currency char(3) not null,
        month date not null,
        valid_through date not null,
        mrr bigint not null,
        held boolean not null,
        live integer not null,
        new_mrr bigint not null,
        expansion bigint not null,
        contraction bigint not null,
        churned bigint not null,
        first_live integer not null,
        trialing integer not null,
        active integer not null,
        paused integer not null,
        past_due integer not null,
        canceled integer not null,
        open integer not null,
        started integer not null,
        cancellations integer not null,
        churns integer not null,
        primary key (customer_id, currency, month)
      )`);
    this.addSql('create index analytics_mrr_months_valid_index on analytics_mrr_months (valid_through, month)');
    this.addSql('create index analytics_mrr_months_month_index on analytics_mrr_months (month)');
    this.addSql(`
      create table analytics_plan_months (
        customer_id text not null,
        currency char(3) not null,
        plan_id text not null,
        month date not null,
        valid_through date not null,
        mrr bigint not null,
        live integer not null,
        live_ms bigint not null,
        first_live integer not null,
        primary key (customer_id, currency, plan_id, month)
      )`);
    this.addSql('create index analytics_plan_months_valid_index on analytics_plan_months (valid_through, month)');
    // The rollup is recomputed per customer, and the reports read some customers' history raw.
    // The history the reports read: a test clock's customers are a simulation, never in the figures (a customer's
    // clock is fixed at its creation, so a change is in or out for good).
    this.addSql(`
      create view analytics_subscription_changes as
      select c.* from subscription_changes c
       where c.customer_id not in (select id from customers where test_clock_id is not null)`);
    this.addSql('create index subscription_changes_customer_index on subscription_changes (customer_id, effective_at)');
    this.addFunctions();
    this.addTriggers();
    this.addSql('select analytics_refresh_months(array(select distinct customer_id from subscription_changes))');
    // Statistics now, not at autovacuum's next pass: the reports' plans depend on how many rows hold each month.
    this.addSql('analyze analytics_mrr_months');
    this.addSql('analyze analytics_plan_months');
  }

  private addFunctions(): void {
    // `set search_path from current` pins the tenant schema the migration runs in: the services qualify every table
    // and do not set a search path.
    this.addSql(`
      create function analytics_month_of(at_ms bigint) returns date
      language sql immutable as $$
        select date_trunc('month', timestamp '1970-01-01' + at_ms * interval '1 millisecond')::date
      $$`);
    this.addSql(`
      create function analytics_month_ms(month date) returns bigint
      language sql immutable as $$ select (extract(epoch from month::timestamp) * 1000)::bigint $$`);
    // Each change with the state it replaced (the subscription's previous change) and the instant of the next one:
    // instants in whole milliseconds, ties in the order written, as the reports' walk reads them; and the state it
    // replaced in the order of the instants themselves (microseconds), as the subscription and customer counts read
    // them.
    this.addSql(`
      create function analytics_change_steps(ids text[])
      returns table (customer_id text, currency text, subscription_id text, plan_id text, status text,
                     effective_at timestamptz, at_ms bigint, live boolean, held boolean, monthly bigint,
                     was_plan text, was_status text, was_live boolean, was_held boolean, was_monthly bigint,
                     next_ms bigint, exact_was_status text)
      language sql stable set search_path from current as $$
        select customer_id, currency, subscription_id, plan_id, status, effective_at, at_ms, live, held, monthly,
               lag(plan_id) over w, lag(status) over w, coalesce(lag(live) over w, false),
               coalesce(lag(held) over w, false), coalesce(lag(monthly) over w, 0), lead(at_ms) over w,
               lag(status) over exact
          from (select c.id, c.customer_id, c.currency::text as currency, c.subscription_id, c.plan_id, c.status,
                       c.effective_at,
                       round(date_part('epoch', date_trunc('milliseconds', c.effective_at)) * 1000)::bigint as at_ms,
                       c.status in ('ACTIVE', 'PAST_DUE') as live,
                       c.status in ('ACTIVE', 'PAST_DUE', 'PAUSED') as held,
                       c.amount_minor * (case c.billing_interval when 'WEEKLY' then 52 when 'MONTHLY' then 12
                                                                 when 'QUARTERLY' then 4 else 1 end) as monthly
                  from analytics_subscription_changes c
                 where c.customer_id = any(ids)) c
        window w as (partition by subscription_id order by at_ms, id),
               exact as (partition by subscription_id order by effective_at, id)
      $$`);
    // The planner cannot see how many rows a statement's CTEs hold (one customer, or every customer in a backfill):
    // nested loops over a backfill's months took minutes where hash joins take seconds.
    this.addSql(`
      create function analytics_refresh_months(ids text[]) returns void
      language plpgsql set search_path from current set enable_nestloop = off as $$
      begin
        if cardinality(ids) > 1000 then
          lock table analytics_mrr_months, analytics_plan_months in exclusive mode;
        else
          perform pg_advisory_xact_lock(hashtextextended('analytics-months:' || current_schema() || ':' || id, 0))
             from unnest(ids) id order by id;
        end if;
        delete from analytics_mrr_months where customer_id = any(ids);
        delete from analytics_plan_months where customer_id = any(ids);
        ${CUSTOMER_MONTHS}
        ${PLAN_MONTHS}
      end
      $$`);
  }

  private addTriggers(): void {
    for (const [event, done, transition] of [
      ['insert', 'inserted', 'new table as changed'],
      ['delete', 'deleted', 'old table as changed'],
    ]) {
      this.addSql(`
        create function analytics_refresh_${done}_months() returns trigger
        language plpgsql set search_path from current as $$
        begin
          perform analytics_refresh_months(array(select distinct customer_id from changed));
          return null;
        end
        $$`);
      this.addSql(`
        create trigger subscription_changes_analytics_${event} after ${event} on subscription_changes
        referencing ${transition} for each statement execute function analytics_refresh_${done}_months()`);
    }
    this.addSql(`
      create function analytics_refresh_updated_months() returns trigger
      language plpgsql set search_path from current as $$
      begin
        perform analytics_refresh_months(array(select customer_id from changed_before
                                               union select customer_id from changed_after));
        return null;
      end
      $$`);
    this.addSql(`
      create trigger subscription_changes_analytics_update after update on subscription_changes
      referencing old table as changed_before new table as changed_after
      for each statement execute function analytics_refresh_updated_months()`);
  }

  override down(): void {
    for (const [event, done] of [
      ['insert', 'inserted'],
      ['delete', 'deleted'],
      ['update', 'updated'],
    ]) {
      this.addSql(`drop trigger subscription_changes_analytics_${event} on subscription_changes`);
      this.addSql(`drop function analytics_refresh_${done}_months()`);
    }
    this.addSql('drop function analytics_refresh_months(text[])');
    this.addSql('drop function analytics_change_steps(text[])');
    this.addSql('drop function analytics_month_ms(date)');
    this.addSql('drop function analytics_month_of(bigint)');
    this.addSql('drop view analytics_subscription_changes');
    this.addSql('drop index subscription_changes_customer_index');
    this.addSql('drop table analytics_plan_months');
    this.addSql('drop table analytics_mrr_months');
  }
}

/** A change's difference to the count of subscriptions in `status`, against the state it replaced (microseconds). */
const statusDelta = (status: string) =>
  `sum((status = '${status}')::int - coalesce((exact_was_status = '${status}')::int, 0))`;

/**
 * A customer's MRR and holding after each instant it changed (running sums of each change's difference from the
 * state it replaced), each instant's movement classified as the reports do (from zero: new, or expansion when a
 * paused subscription was held; to zero: churned, or contraction while one is still held; else up or down), summed per
 * month, with the state after the month's last instant.
 */
const CUSTOMER_MONTHS = `
  insert into analytics_mrr_months (customer_id, currency, month, valid_through, mrr, held, live, new_mrr, expansion,
                                    contraction, churned, first_live, trialing, active, paused, past_due, canceled,
                                    open, started, cancellations, churns)
  with steps as materialized (select * from analytics_change_steps(ids)),
  instants as (
    select customer_id, currency, at_ms, analytics_month_of(at_ms) as month,
           sum((case when live then monthly else 0 end) - (case when was_live then was_monthly else 0 end)) as d_mrr,
           sum(held::int - was_held::int) as d_held, sum(live::int - was_live::int) as d_live
      from steps group by customer_id, currency, at_ms
  ), running as (
    select customer_id, currency, at_ms, month, d_mrr, sum(d_mrr) over w as mrr,
           sum(d_mrr) over w - d_mrr as mrr_before, sum(d_held) over w > 0 as held,
           sum(d_held) over w - d_held > 0 as held_before, sum(d_live) over w as live
      from instants window w as (partition by customer_id, currency order by at_ms)
  ), months as (
    select customer_id, currency, month,
           sum(case when d_mrr <> 0 and mrr_before = 0 and not held_before then d_mrr else 0 end) as new_mrr,
           sum(case when d_mrr <> 0 and mrr_before = 0 and held_before then d_mrr
                    when d_mrr > 0 and mrr_before <> 0 then d_mrr else 0 end) as expansion,
           sum(case when d_mrr <> 0 and mrr_before <> 0 and mrr = 0 and held then -d_mrr
                    when d_mrr < 0 and mrr <> 0 then -d_mrr else 0 end) as contraction,
           sum(case when d_mrr <> 0 and mrr_before <> 0 and mrr = 0 and not held then -d_mrr else 0 end) as churned,
           (array_agg(mrr order by at_ms desc))[1] as mrr,
           (array_agg(held order by at_ms desc))[1] as held,
           (array_agg(live order by at_ms desc))[1] as live
      from running group by customer_id, currency, month
  ), firsts as (
    select customer_id, currency, month, count(*) as first_live
      from (select customer_id, currency, analytics_month_of(min(at_ms)) as month
              from steps where live and (next_ms is null or next_ms > at_ms)
             group by customer_id, currency, subscription_id) f
     group by customer_id, currency, month
  ), counted as (
    select customer_id, currency, analytics_month_of(at_ms) as month,
           ${statusDelta('TRIALING')} as d_trialing, ${statusDelta('ACTIVE')} as d_active,
           ${statusDelta('PAUSED')} as d_paused, ${statusDelta('PAST_DUE')} as d_past_due,
           ${statusDelta('CANCELED')} as d_canceled,
           sum((status <> 'CANCELED')::int - coalesce((was_status <> 'CANCELED')::int, 0)) as d_open,
           count(*) filter (where exact_was_status is null) as started,
           count(*) filter (where status = 'CANCELED') as cancellations
      from steps group by customer_id, currency, analytics_month_of(at_ms)
  ), counts as (
    select customer_id, currency, month, started, cancellations,
           sum(d_trialing) over w as trialing, sum(d_active) over w as active, sum(d_paused) over w as paused,
           sum(d_past_due) over w as past_due, sum(d_canceled) over w as canceled, sum(d_open) over w as open
      from counted window w as (partition by customer_id, currency order by month)
  ), exact_instants as (
    select customer_id, currency, effective_at,
           sum((status in ('ACTIVE', 'PAST_DUE', 'PAUSED'))::int
               - coalesce((exact_was_status in ('ACTIVE', 'PAST_DUE', 'PAUSED'))::int, 0)) as d_held
      from steps group by customer_id, currency, effective_at
  ), churns as (
    select customer_id, currency, date_trunc('month', effective_at at time zone 'UTC')::date as month,
           count(*) as churns
      from (select *, sum(d_held) over (partition by customer_id, currency order by effective_at) as held_after
              from exact_instants) e
     where held_after = 0 and held_after - d_held > 0
     group by customer_id, currency, date_trunc('month', effective_at at time zone 'UTC')
  )
  select m.customer_id, m.currency, m.month,
         coalesce(lead(m.month) over (partition by m.customer_id, m.currency order by m.month), 'infinity'),
         m.mrr, m.held, m.live, m.new_mrr, m.expansion, m.contraction, m.churned, coalesce(f.first_live, 0),
         c.trialing, c.active, c.paused, c.past_due, c.canceled, c.open, c.started, c.cancellations,
         coalesce(x.churns, 0)
    from months m
    join counts c using (customer_id, currency, month)
    left join firsts f using (customer_id, currency, month)
    left join churns x using (customer_id, currency, month);`;

/**
 * Per plan: each change adds its state to its plan and takes the replaced state off the plan it was on; live
 * milliseconds are each live span (a change to the subscription's next one) clipped to the months of the plan's rows.
 */
const PLAN_MONTHS = `
  insert into analytics_plan_months (customer_id, currency, plan_id, month, valid_through, mrr, live, live_ms,
                                     first_live)
  with steps as materialized (select * from analytics_change_steps(ids)),
  deltas as (
    select customer_id, currency, plan_id, at_ms, case when live then monthly else 0 end as d_mrr, live::int as d_live
      from steps
    union all
    select customer_id, currency, was_plan, at_ms, -(case when was_live then was_monthly else 0 end), -(was_live::int)
      from steps where was_plan is not null
  ), instants as (
    select customer_id, currency, plan_id, at_ms, analytics_month_of(at_ms) as month, sum(d_mrr) as d_mrr,
           sum(d_live) as d_live
      from deltas group by customer_id, currency, plan_id, at_ms
  ), months as (
    select customer_id, currency, plan_id, month,
           (array_agg(mrr order by at_ms desc))[1] as mrr, (array_agg(live order by at_ms desc))[1] as live
      from (select *, sum(d_mrr) over w as mrr, sum(d_live) over w as live
              from instants window w as (partition by customer_id, currency, plan_id order by at_ms)) r
     group by customer_id, currency, plan_id, month
  ), spans as (
    select customer_id, currency, plan_id, at_ms as from_ms, coalesce(next_ms, 9223372036854775807) as to_ms
      from steps where live
  ), lived as (
    select m.customer_id, m.currency, m.plan_id, m.month,
           sum(greatest(0, least(s.to_ms, analytics_month_ms((m.month + interval '1 month')::date))
                           - greatest(s.from_ms, analytics_month_ms(m.month)))) as live_ms
      from months m join spans s using (customer_id, currency, plan_id)
     group by m.customer_id, m.currency, m.plan_id, m.month
  ), firsts as (
    select customer_id, currency, plan_id, month, count(*) as first_live
      from (select customer_id, currency, plan_id, analytics_month_of(min(at_ms)) as month
              from steps where live and (next_ms is null or next_ms > at_ms)
             group by customer_id, currency, plan_id, subscription_id) f
     group by customer_id, currency, plan_id, month
  )
  select m.customer_id, m.currency, m.plan_id, m.month,
         coalesce(lead(m.month) over (partition by m.customer_id, m.currency, m.plan_id order by m.month), 'infinity'),
         m.mrr, m.live, coalesce(l.live_ms, 0), coalesce(f.first_live, 0)
    from months m
    left join lived l using (customer_id, currency, plan_id, month)
    left join firsts f using (customer_id, currency, plan_id, month);`;
