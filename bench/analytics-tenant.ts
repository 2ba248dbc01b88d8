import type { TenantSql } from '../infra/db/tenant-sql';

/** What `seedAnalyticsTenant` builds; the issue's large tenant by default. */
export interface AnalyticsTenantSize {
  customers: number;
  subscriptions: number;
  invoices: number;
  payments: number;
}

export const LARGE_TENANT: AnalyticsTenantSize = {
  customers: 10_000,
  subscriptions: 20_000,
  invoices: 200_000,
  payments: 150_000,
};

const DAY = "interval '1 day'";
/** Two years of history ending yesterday: the default 12-month range sees a year of it and what came before. */
const HISTORY_DAYS = 730;

/** A well-formed id of the kind `prefix` for row n (hex digits are Crockford base32 digits too). */
const idOf = (prefix: string, n: string) => `'${prefix}_' || lpad(upper(to_hex(${n})), 26, '0')`;

/**
 * Builds a tenant's catalogue, customers, subscriptions with their change history, invoices, payments, refunds,
 * credit notes and recurring coupons with one `insert ... select ... from generate_series` per table, shaped like
 * the rows the services write (the states and columns each path sets, the change log in time order with the plan's
 * price at each change), dated over the two years before `now`. Deterministic: row n's fate follows from n.
 */
export async function seedAnalyticsTenant(sql: TenantSql, size: AnalyticsTenantSize, now: Date): Promise<void> {
  const t = (name: string) => sql.table(name);
  await sql.query(
    `insert into ${t('plans')} (id, name, code, billing_interval, trial_days)
     select ${idOf('plan', 'n')}, 'Plan ' || n, 'plan-' || n,
            (array['MONTHLY', 'MONTHLY', 'QUARTERLY', 'YEARLY', 'WEEKLY'])[n + 1], case when n < 2 then 14 else 0 end
       from generate_series(0, 4) n`,
  );
  await sql.query(
    `insert into ${t('plan_prices')} (id, plan_id, currency, amount_minor)
     select ${idOf('price', 'n * 2 + c')}, ${idOf('plan', 'n')}, (array['USD', 'EUR'])[c + 1],
            (array[2900, 9900, 24900, 99000, 1500])[n + 1] + c * 100
       from generate_series(0, 4) n, generate_series(0, 1) c`,
  );
  // Customers: 70 % USD, 30 % EUR, created over the two years; one in 50 deleted 200 days later.
  await sql.query(
    `insert into ${t('customers')} (id, external_id, name, email, currency, created_at, updated_at, deleted_at)
     select ${idOf('cust', 'n')}, 'ext-' || n, 'Customer ' || n, 'c' || n || '@example.com',
            case when n % 10 < 7 then 'USD' else 'EUR' end, created, created,
            case when n % 50 = 0 and created + 200 * ${DAY} < ?::timestamptz then created + 200 * ${DAY} end
       from (select n, ?::timestamptz - (${HISTORY_DAYS} - (n * 7919 % ${HISTORY_DAYS})) * ${DAY} as created
               from generate_series(0::bigint, ? - 1) n) c`,
    [now, now, size.customers],
  );
  await seedSubscriptions(sql, size, now);
  await seedInvoicesAndPayments(sql, size, now);
  await seedCoupons(sql, size, now);
  for (const table of ANALYTICS_TENANT_TABLES) {
    await sql.query(`vacuum analyze ${t(table)}`);
  }
}

/**
 * The tables the bench tenant fills, the monthly rollups among them (filled by the triggers of
 * subscription_changes, payments and refunds in the statements that insert them).
 */
export const ANALYTICS_TENANT_TABLES = [
  'customers',
  'subscriptions',
  'subscription_changes',
  'invoices',
  'payments',
  'refunds',
  'credit_notes',
  'applied_coupons',
  'analytics_mrr_months',
  'analytics_plan_months',
  'analytics_cash_months',
];

/**
 * Each subscription's fate in a temporary table: started at some day of the two years (one in four with a trial of
 * 14 days), one in five upgraded to the next plan 60 days in, one in eleven paused 90 days in (half of them resumed
 * 30 days later), one in six canceled 150-350 days in; only what happened before `now` is written. The change log
 * gets one row per state entered, with its plan's price, and the subscription row its latest state.
 */
async function seedSubscriptions(sql: TenantSql, size: AnalyticsTenantSize, now: Date): Promise<void> {
  const t = (name: string) => sql.table(name);
  await sql.query(`drop table if exists pg_temp.bench_fates`);
  await sql.query(
    `create temporary table bench_fates as
     select n, ${idOf('sub', 'n')} as id, ${idOf('cust', `n % ${size.customers}`)} as customer_id,
            case when (n % ${size.customers}) % 10 < 7 then 'USD' else 'EUR' end as currency,
            n % 4 as plan, start_at,
            case when n % 4 = 0 then start_at + 14 * ${DAY} end as trial_end,
            case when n % 5 = 0 then start_at + 60 * ${DAY} end as upgraded_at,
            case when n % 11 = 0 then start_at + 90 * ${DAY} end as paused_at,
            case when n % 22 = 0 then start_at + 120 * ${DAY} end as resumed_at,
            case when n % 6 = 0 then start_at + (150 + n % 200) * ${DAY} end as canceled_at
       from (select n, ?::timestamptz - (${HISTORY_DAYS} - (n * 104729 % ${HISTORY_DAYS})) * ${DAY}
                      + (n % 86400) * interval '1 second' as start_at
               from generate_series(0::bigint, ? - 1) n) s`,
    [now, size.subscriptions],
  );
  // One row per state entered: [status, plan index expression, instant expression, condition].
  const steps: [string, string, string, string][] = [
    ["case when trial_end is null then 'ACTIVE' else 'TRIALING' end", 'plan', 'start_at', 'true'],
    ["'ACTIVE'", 'plan', 'trial_end', 'trial_end is not null'],
    ["'ACTIVE'", 'plan + 1', 'upgraded_at', 'upgraded_at is not null'],
    ["'PAUSED'", 'plan + case when upgraded_at is null then 0 else 1 end', 'paused_at', 'paused_at is not null'],
    ["'ACTIVE'", 'plan + case when upgraded_at is null then 0 else 1 end', 'resumed_at', 'resumed_at is not null'],
    ["'CANCELED'", 'plan + case when upgraded_at is null then 0 else 1 end', 'canceled_at', 'canceled_at is not null'],
  ];
  const changes = steps
    .map(
      ([status, plan, instant, condition]) =>
        `select n, id, customer_id, currency, ${status} as status, ${plan} as plan, ${instant} as effective_at
           from bench_fates where ${condition} and ${instant} < ?::timestamptz
            and (canceled_at is null or ${instant} <= canceled_at)`,
    )
    .join(' union all ');
  await sql.query(`drop table if exists pg_temp.bench_changes`);
  await sql.query(
    `create temporary table bench_changes as ${changes}`,
    steps.map(() => now),
  );
  await sql.query(
    `insert into ${t('subscriptions')}
       (id, customer_id, plan_id, currency, status, start_date, billing_anchor, trial_start, trial_end, canceled_at,
        paused_at, current_period_start, current_period_end, workflow_started_at, created_at, updated_at)
     select f.id, f.customer_id, ${idOf('plan', 'last.plan')}, f.currency, last.status, f.start_at, f.start_at,
            case when f.trial_end is not null then f.start_at end, f.trial_end,
            case when last.status = 'CANCELED' then last.effective_at end,
            case when last.status = 'PAUSED' then last.effective_at end,
            last.effective_at, last.effective_at + 30 * ${DAY}, f.start_at, f.start_at, last.effective_at
       from bench_fates f
       join lateral (select status, plan, effective_at from bench_changes c where c.n = f.n
                      order by effective_at desc limit 1) last on true`,
  );
  await sql.query(
    `insert into ${t('subscription_changes')}
       (subscription_id, customer_id, plan_id, currency, status, amount_minor, billing_interval, effective_at)
     select c.id, c.customer_id, p.id, c.currency, c.status, pp.amount_minor, p.billing_interval, c.effective_at
       from bench_changes c
       join ${t('plans')} p on p.id = ${idOf('plan', 'c.plan')}
       join ${t('plan_prices')} pp on pp.plan_id = p.id and pp.currency = c.currency
      order by c.effective_at, c.n`,
  );
}

/**
 * Invoices: each of a subscription's customer, issued over the two years (95 % OPEN or PAID, some VOIDED, some
 * DRAFT not yet issued); a payment for each of the first `payments` invoices (one in ten FAILED, one in twelve
 * through MANUAL, the rest SUCCEEDED), one in thirty partially refunded with a credit note from the refund, and a
 * credit note of its own on one invoice in forty.
 */
async function seedInvoicesAndPayments(sql: TenantSql, size: AnalyticsTenantSize, now: Date): Promise<void> {
  const t = (name: string) => sql.table(name);
  await sql.query(
    `insert into ${t('invoices')}
       (id, number, status, customer_id, subscription_id, currency, subtotal_minor, tax_minor, total_minor,
        amount_paid_minor, amount_due_minor, issued_at, due_date, paid_at, voided_at, created_at, updated_at)
     select ${idOf('inv', 'n')}, case when status <> 'DRAFT' then 'INV-' || n end, status, customer_id,
            subscription_id, currency, amount, amount / 10, amount + amount / 10,
            case when status = 'PAID' then amount + amount / 10 else 0 end,
            case when status = 'OPEN' then amount + amount / 10 else 0 end,
            case when status <> 'DRAFT' then created end, created + 30 * ${DAY},
            case when status = 'PAID' then created + ${DAY} end, case when status = 'VOIDED' then created + ${DAY} end,
            created, created
       from (select n, ${idOf('sub', `n % ${size.subscriptions}`)} as subscription_id,
                    ${idOf('cust', `(n % ${size.subscriptions}) % ${size.customers}`)} as customer_id,
                    case when ((n % ${size.subscriptions}) % ${size.customers}) % 10 < 7 then 'USD' else 'EUR' end
                      as currency,
                    1000 + (n * 7919 % 50000) as amount,
                    case when n % 40 = 1 then 'VOIDED' when n % 97 = 2 then 'DRAFT' when n % 9 = 3 then 'OPEN'
                         else 'PAID' end as status,
                    ?::timestamptz - (${HISTORY_DAYS} * 86400 - (n * 15485863 % (${HISTORY_DAYS} * 86400)))
                      * interval '1 second' as created
               from generate_series(0::bigint, ? - 1) n) i`,
    [now, size.invoices],
  );
  await sql.query(
    `insert into ${t('payments')}
       (id, invoice_id, customer_id, amount_minor, amount_refunded_minor, currency, provider, status,
        succeeded_at, failed_at, amount_applied_minor, created_at, updated_at)
     select ${idOf('pay', 'n')}, i.id, i.customer_id, i.total_minor + 1,
            case when n % 30 = 0 then (i.total_minor + 1) / 2 else 0 end, i.currency,
            case when n % 12 = 5 then 'MANUAL' else 'STRIPE' end,
            case when n % 10 = 7 then 'FAILED' when n % 30 = 0 then 'PARTIALLY_REFUNDED' else 'SUCCEEDED' end,
            case when n % 10 <> 7 then i.created_at + ${DAY} end, case when n % 10 = 7 then i.created_at + ${DAY} end,
            case when n % 10 <> 7 then i.total_minor + 1 else 0 end, i.created_at, i.created_at
       from generate_series(0::bigint, ? - 1) n
       join ${t('invoices')} i on i.id = ${idOf('inv', 'n')}`,
    [size.payments],
  );
  await sql.query(
    `insert into ${t('credit_notes')}
       (id, number, invoice_id, customer_id, currency, reason, amount_minor, status, issued_at, created_at, updated_at)
     select ${idOf('cn', 'n')}, 'CN-' || n, i.id, i.customer_id, i.currency,
            case when n % 30 = 0 then 'OTHER' else 'PRODUCT_UNSATISFACTORY' end,
            case when n % 30 = 0 then (i.total_minor + 1) / 2 else greatest(i.total_minor / 4, 1) end,
            case when n % 400 = 3 then 'VOIDED' else 'FINALIZED' end, i.created_at + 2 * ${DAY},
            i.created_at + 2 * ${DAY}, i.created_at + 2 * ${DAY}
       from generate_series(0::bigint, ? - 1) n
       join ${t('invoices')} i on i.id = ${idOf('inv', 'n')}
      where (n % 30 = 0 and n % 10 <> 7 and n < ?) or n % 40 = 10`,
    [size.invoices, size.payments],
  );
  await sql.query(
    `insert into ${t('refunds')}
       (id, payment_id, amount_minor, currency, status, create_credit_note, credit_note_id, succeeded_at,
        created_at, updated_at)
     select ${idOf('re', 'n')}, ${idOf('pay', 'n')}, p.amount_refunded_minor, p.currency, 'SUCCEEDED', true,
            ${idOf('cn', 'n')}, p.succeeded_at + 3 * ${DAY}, p.succeeded_at + 3 * ${DAY}, p.succeeded_at + 3 * ${DAY}
       from generate_series(0::bigint, ? - 1, 30) n
       join ${t('payments')} p on p.id = ${idOf('pay', 'n')}
      where p.status = 'PARTIALLY_REFUNDED'`,
    [size.payments],
  );
}

/** Two recurring coupons (10 % for 6 months, 5.00 off forever) applied to one customer in 20, some ended since. */
async function seedCoupons(sql: TenantSql, size: AnalyticsTenantSize, now: Date): Promise<void> {
  const t = (name: string) => sql.table(name);
  await sql.query(
    `insert into ${t('coupons')}
       (id, code, name, discount_type, percentage, amount_minor, currency, frequency, frequency_duration, redemptions)
     values (${idOf('cpn', '0')}, 'TEN', 'Ten percent', 'PERCENTAGE', 10, null, null, 'RECURRING', 6, 0),
            (${idOf('cpn', '1')}, 'FIVE', 'Five off', 'FIXED_AMOUNT', null, 500, 'USD', 'FOREVER', null, 0)`,
  );
  await sql.query(
    `insert into ${t('applied_coupons')} (id, coupon_id, customer_id, status, created_at, terminated_at)
     select ${idOf('acpn', 'n')}, ${idOf('cpn', 'n % 2')}, ${idOf('cust', 'n')},
            case when ended < ?::timestamptz then 'TERMINATED' else 'ACTIVE' end, applied,
            case when ended < ?::timestamptz then ended end
       from (select n, ?::timestamptz - (500 - n % 500) * ${DAY} as applied,
                    ?::timestamptz - (500 - n % 500) * ${DAY} + case when n % 2 = 0 then 180 else 100000 end * ${DAY}
                      as ended
               from generate_series(0::bigint, ? - 1, 20) n) a`,
    [now, now, now, now, size.customers],
  );
}
