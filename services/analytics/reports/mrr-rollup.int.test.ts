import fc from 'fast-check';
import { analyticsRange, mrrAtEnd, mrrMovements, roundMovements, toMinorUnits } from '../../../domain/analytics';
import { applyLifecycleChange, type LifecycleChange } from '../../../services/billing/subscriptions';
import { failProviderPayment, insertPendingPayment } from '../../../services/payments/records';
import { requireId } from '../../../domain/ids';
import { toCurrencyCode } from '../../../domain/money';
import { newId } from '../../../infra/ids';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import {
  cashDrift,
  rawChurnedCustomers,
  rawMonthlyCash,
  rawPaymentFigures,
  rawHistory,
  rawSubscriptionCounts,
  rollupDrift,
  walkedCohorts,
  walkedLtv,
} from '../../../test/checks/analytics-walk';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../../domain/subscriptions';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { movableClock } from '../../../test/scenarios/analytics-history';
import type { Json } from '../../../test/harness/api-client';
import type { AnalyticsQuery } from './analytics-query';
import {
  churnCohortReport,
  customerReport,
  ltvReport,
  mrrBreakdownReport,
  paymentReport,
  revenueReport,
  subscriptionReport,
  type SubscriptionFigures,
} from '.';

/**
 * The monthly rollups are kept by the database in the transaction of each change. After a random sequence of changes
 * made through the services (subscriptions created through the API, with trials and recurring coupons; plan changes,
 * pauses, resumes, past dues and cancellations through the subscription workflow's lifecycle write, some of one
 * customer's at once; invoices marked paid, provider payments that fail, partial refunds), every figure the reports
 * read from them equals the raw tables' (the walk over the history, the statements the reports ran before), for
 * ranges on and off month boundaries; and the rows kept change by change equal the rows recomputed from scratch.
 */
const START = Date.parse('2029-01-01T00:00:00.000Z');
const GAPS_MS = [0, 3_600_000, 86_400_000, 9 * 86_400_000, 31 * 86_400_000, 47 * 86_400_000];
const SEED = 20261207;

type Move = 'upgrade' | 'downgrade' | 'pause' | 'resume' | 'pastDue' | 'activate' | 'cancel';
type Step =
  | { kind: 'customer'; currency: 'USD' | 'EUR'; gap: number }
  | { kind: 'subscribe'; customer: number; plan: number; coupon: number; gap: number }
  | { kind: 'change'; subscription: number; move: Move; gap: number }
  | { kind: 'burst'; customer: number; moves: Move[]; gap: number }
  | { kind: 'pay'; customer: number; amount: number; fails: boolean; gap: number }
  | { kind: 'refund'; payment: number; quarters: number; gap: number };

// Cancellations twice as often: churn needs a customer's last subscription to end.
const MOVES: Move[] = ['upgrade', 'downgrade', 'pause', 'resume', 'pastDue', 'activate', 'cancel', 'cancel'];
const gap = fc.integer({ min: 0, max: GAPS_MS.length - 1 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('customer'), currency: fc.constantFrom('USD', 'EUR'), gap }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('subscribe'),
      customer: fc.nat({ max: 60 }),
      plan: fc.nat({ max: 60 }),
      coupon: fc.integer({ min: 0, max: 3 }),
      gap,
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('change'),
      subscription: fc.nat({ max: 60 }),
      move: fc.constantFrom(...MOVES),
      gap,
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('burst'),
      customer: fc.nat({ max: 60 }),
      moves: fc.array(fc.constantFrom(...MOVES), { minLength: 2, maxLength: 3 }),
      gap,
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('pay'),
      customer: fc.nat({ max: 60 }),
      amount: fc.integer({ min: 1, max: 50_000 }),
      fails: fc.boolean(),
      gap,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('refund'),
      payment: fc.nat({ max: 60 }),
      quarters: fc.integer({ min: 1, max: 3 }),
      gap,
    }),
    weight: 1,
  },
);
const dayArbitrary = fc.integer({ min: 0, max: 700 });
const rangeArbitrary = fc.record({
  fromDay: dayArbitrary,
  days: fc.integer({ min: 0, max: 400 }),
  exact: fc.boolean(),
});

interface Subscription {
  id: string;
  customer: string;
  plan: number;
  status: string;
}

const clock = movableClock('2029-01-01T00:00:00.000Z');

describe('the monthly MRR rollup', () => {
  const { api, call } = setUpResourceTest({
    tenant: 'all',
    api: () => ({ clock, temporal: { startSubscriptionWorkflow: () => Promise.resolve() } }),
  });

  it('gives the figures of the raw tables after a random sequence of changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 30, maxLength: 60 }),
        fc.array(rangeArbitrary, { minLength: 4, maxLength: 6 }),
        async (steps, ranges) => {
          const tenant = await createTenantFixture(api.orm, api.config);
          const sql = tenantSql(api.orm, tenant.tenantId);
          const ok = async (method: 'POST' | 'GET', path: string, body?: Json) => {
            const reply = await call(method, path, { token: tenant.apiKey, ...(body === undefined ? {} : { body }) });
            if (reply.status >= 300) throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
            return reply.body;
          };
          const end = await runSteps({ steps, ok, sql });
          await expectRawFigures(sql, ranges, end);
          expect(await rollupDrift(sql)).toEqual([]);
          expect(await cashDrift(sql)).toEqual([]);
        },
      ),
      { seed: SEED, numRuns: 3, endOnFailure: true },
    );
  }, 240_000);
});

type Post = (method: 'POST' | 'GET', path: string, body?: Json) => Promise<Record<string, unknown>>;

/** Runs the steps from START; the instant after the last one. */
async function runSteps(input: { steps: readonly Step[]; ok: Post; sql: TenantSql }): Promise<Date> {
  const { ok, sql } = input;
  const plans = await makeCatalog(ok);
  const customers: { id: string; currency: string; coupon: boolean }[] = [];
  const subscriptions: Subscription[] = [];
  const payments: { id: string; leftMinor: number }[] = [];
  let now = START;
  const change = async (subscription: Subscription, move: Move) => {
    const next = transition(subscription, move, plans, new Date(now));
    if (next === undefined) return;
    const written = await applyLifecycleChange(sql, {
      subscriptionId: subscription.id,
      change: next.change,
      event: null,
      now: new Date(now),
    });
    if (written?.applied !== true) throw new Error(`lifecycle change of ${subscription.id} not applied`);
    Object.assign(subscription, next.after);
  };
  for (const step of input.steps) {
    now += GAPS_MS[step.gap] ?? 0;
    clock.set(new Date(now).toISOString());
    if (step.kind === 'customer') {
      const n = customers.length;
      const body = { externalId: `c-${n}`, email: `c${n}@example.com`, currency: step.currency };
      customers.push({ id: String((await ok('POST', '/customers', body)).id), currency: step.currency, coupon: false });
    } else if (step.kind === 'subscribe') {
      const customer = customers[step.customer % Math.max(customers.length, 1)];
      if (customer === undefined) continue;
      const plan = step.plan % plans.length;
      const fixed = customer.currency === 'USD' ? 'FIVEOFF' : 'TWOOFF';
      const coupon = step.coupon < 2 && !customer.coupon ? ['TENOFF', fixed][step.coupon] : undefined;
      const body = { customerId: customer.id, planId: plans[plan] ?? '', currency: customer.currency };
      const created = await ok('POST', '/subscriptions', coupon === undefined ? body : { ...body, couponCode: coupon });
      customer.coupon ||= coupon !== undefined;
      subscriptions.push({ id: String(created.id), customer: customer.id, plan, status: String(created.status) });
    } else if (step.kind === 'change') {
      const subscription = subscriptions[step.subscription % Math.max(subscriptions.length, 1)];
      if (subscription !== undefined) await change(subscription, step.move);
    } else if (step.kind === 'pay') {
      const customer = customers[step.customer % Math.max(customers.length, 1)];
      if (customer !== undefined) payments.push(...(await pay({ ok, sql, customer, step, now: new Date(now) })));
    } else if (step.kind === 'refund') {
      const payment = payments[step.payment % Math.max(payments.length, 1)];
      const amount = payment === undefined ? 0 : Math.floor((payment.leftMinor * step.quarters) / 4);
      if (payment !== undefined && amount > 0) {
        await ok('POST', `/payments/${payment.id}/refund`, { amount: amount / 100 });
        payment.leftMinor -= amount;
      }
    } else {
      // One customer's subscriptions changed at once: concurrent transactions recomputing the same customer's rows.
      const customer = customers[step.customer % Math.max(customers.length, 1)];
      const mine = subscriptions.filter((each) => each.customer === customer?.id);
      await Promise.all(step.moves.map((move, index) => (mine[index] ? change(mine[index], move) : Promise.resolve())));
    }
  }
  return new Date(now + 86_400_000);
}

/**
 * A finalized invoice of `amount` minor units for the customer, marked paid (a MANUAL payment, returned to be refunded
 * later) or with a provider payment that fails, as the payment workflow records a failure.
 */
async function pay(input: {
  ok: Post;
  sql: TenantSql;
  customer: { id: string; currency: string };
  step: { amount: number; fails: boolean };
  now: Date;
}): Promise<{ id: string; leftMinor: number }[]> {
  const { ok, sql, customer, step, now } = input;
  const items = [{ description: 'Service', quantity: 1, unitAmount: step.amount / 100 }];
  const invoiceId = String((await ok('POST', '/invoices', { customerId: customer.id, items })).id);
  await ok('POST', `/invoices/${invoiceId}/finalize`);
  if (!step.fails) {
    await ok('POST', `/invoices/${invoiceId}/mark-paid`);
    const [payment] = (await ok('GET', `/payments?invoiceId=${invoiceId}`)).data as { id: string }[];
    return payment === undefined ? [] : [{ id: payment.id, leftMinor: step.amount }];
  }
  await sql.transactional(async (transaction) => {
    const payment = await insertPendingPayment(sql, transaction, {
      id: newId('payment'),
      invoiceId: requireId('invoice', invoiceId),
      customerId: customer.id,
      amountMinor: BigInt(step.amount),
      currency: toCurrencyCode(customer.currency),
      provider: 'STRIPE',
      providerId: 'ppr_analytics',
      expiresAt: new Date(now.getTime() + 3_600_000),
      phoneNumber: null,
      successUrl: null,
      cancelUrl: null,
      callbackTokenHash: null,
      now,
    });
    await failProviderPayment(sql, transaction, { paymentId: payment.id, reason: 'card_declined', now, notify: true });
  });
  return [];
}

/** Four plans priced in USD and EUR (one with a trial, one yearly, one weekly) and three recurring coupons. */
async function makeCatalog(ok: Post): Promise<string[]> {
  const plans: string[] = [];
  const terms: [string, number, number, number][] = [
    ['MONTHLY', 10, 9, 0],
    ['MONTHLY', 30, 27.5, 14],
    ['YEARLY', 100, 90, 0],
    ['WEEKLY', 3.33, 2, 0],
  ];
  for (const [index, [billingInterval, usd, eur, trialDays]] of terms.entries()) {
    const prices = [
      { currency: 'USD', amount: usd },
      { currency: 'EUR', amount: eur },
    ];
    const body = { name: `Plan ${index}`, code: `plan-${index}`, billingInterval, trialDays, prices };
    plans.push(String((await ok('POST', '/plans', body)).id));
  }
  await ok('POST', '/coupons', {
    code: 'TENOFF',
    name: 'Ten off',
    discountType: 'PERCENTAGE',
    percentage: 12.5,
    frequency: 'RECURRING',
    frequencyDuration: 3,
  });
  await ok('POST', '/coupons', {
    code: 'FIVEOFF',
    name: 'Five off',
    discountType: 'FIXED_AMOUNT',
    amount: 5,
    currency: 'USD',
    frequency: 'FOREVER',
  });
  await ok('POST', '/coupons', {
    code: 'TWOOFF',
    name: 'Two off',
    discountType: 'FIXED_AMOUNT',
    amount: 2,
    currency: 'EUR',
    frequency: 'FOREVER',
  });
  return plans;
}

/** What the subscription workflow would write for the move, or undefined when the move does not apply. */
function transition(
  subscription: Subscription,
  move: Move,
  plans: readonly string[],
  now: Date,
): { change: LifecycleChange; after: Partial<Subscription> } | undefined {
  const { status, plan } = subscription;
  if (status === 'CANCELED') return undefined;
  switch (move) {
    case 'upgrade':
    case 'downgrade': {
      const next = (plan + (move === 'upgrade' ? 1 : plans.length - 1)) % plans.length;
      return { change: { planId: plans[next] ?? '' }, after: { plan: next } };
    }
    case 'pause':
      return status === 'ACTIVE'
        ? { change: { status: 'PAUSED', pausedAt: now }, after: { status: 'PAUSED' } }
        : undefined;
    case 'resume':
      return status === 'PAUSED'
        ? { change: { status: 'ACTIVE', pausedAt: null }, after: { status: 'ACTIVE' } }
        : undefined;
    case 'pastDue':
      return status === 'ACTIVE' ? { change: { status: 'PAST_DUE' }, after: { status: 'PAST_DUE' } } : undefined;
    case 'activate':
      return status === 'TRIALING' || status === 'PAST_DUE'
        ? { change: { status: 'ACTIVE' }, after: { status: 'ACTIVE' } }
        : undefined;
    case 'cancel':
      return { change: { status: 'CANCELED', canceledAt: now }, after: { status: 'CANCELED' } };
  }
}

async function expectRawFigures(
  sql: TenantSql,
  ranges: readonly { fromDay: number; days: number; exact: boolean }[],
  today: Date,
): Promise<void> {
  const asked = [
    {},
    ...ranges.map(({ fromDay, days, exact }) => {
      const from = new Date(START + fromDay * 86_400_000 + (exact ? 37_123_456 : 0));
      const to = new Date(from.getTime() + days * 86_400_000 + (exact ? 3_600_001 : 0));
      const day = (instant: Date) => instant.toISOString().slice(0, 10);
      return exact
        ? { dateFrom: from.toISOString(), dateTo: to.toISOString() }
        : { dateFrom: day(from), dateTo: day(to) };
    }),
  ];
  for (const dates of asked) {
    const range = analyticsRange({ ...dates, today });
    if (!range.ok) throw new Error(range.message);
    for (const currency of [undefined, 'USD', 'EUR']) {
      const query: AnalyticsQuery = { range: range.value, ...(currency === undefined ? {} : { currency }) };
      const history = await rawHistory(sql, range.value.until, currency);
      const label = `${JSON.stringify(dates)} ${currency ?? 'all'}`;
      const mrr = mrrAtEnd(history, range.value.until);
      const revenue = await revenueReport(sql, query);
      // Revenue lists the currencies with MRR data and those with cash.
      expect([label, revenue.byCurrency.map((each) => [each.currency, each.mrrMinor])]).toEqual([
        label,
        revenue.byCurrency.map((each) => [each.currency, toMinorUnits(mrr.get(each.currency) ?? 0n)]),
      ]);
      expect([...mrr.keys()].filter((each) => !revenue.byCurrency.some((row) => row.currency === each))).toEqual([]);
      const breakdown = await mrrBreakdownReport(sql, query);
      expect([label, breakdown.map(({ byPlan, ...figures }) => ({ ...figures, plans: byPlan.length }))]).toEqual([
        label,
        mrrMovements(history, range.value).map((each) => ({
          ...roundMovements(each),
          plans: [...each.endByPlan.values()].filter((amount) => amount > 0n).length,
        })),
      ]);
      expect([label, await ltvReport(sql, query)]).toEqual([label, walkedLtv(history, range.value.until)]);
      const cash = await rawMonthlyCash(sql, query);
      expect([label, revenueMonths(revenue.byCurrency)]).toEqual([
        label,
        new Map(cash.filter((row) => row.revenue !== 0n).map((row) => [`${row.currency} ${row.month}`, row.revenue])),
      ]);
      const paid = await paymentReport(sql, query);
      expect([label, paid.byCurrency]).toEqual([
        label,
        (await rawPaymentFigures(sql, query))
          .map((row) => ({
            currency: row.currency,
            volumeMinor: BigInt(row.volume ?? '0'),
            succeeded: row.succeeded,
            failed: row.failed,
            refundedMinor: BigInt(row.refunded ?? '0'),
          }))
          .sort((a, b) => a.currency.localeCompare(b.currency)),
      ]);
      const rawCounts = await rawSubscriptionCounts(sql, query);
      const subscriptions = await subscriptionReport(sql, query);
      expect([label, subscriptions.byCurrency]).toEqual([label, subscriptionFigures(rawCounts)]);
      // The payment report's currency: the one with the most live subscriptions at the end, else the first paid in.
      expect([label, paid.currency]).toEqual([label, mostLive(rawCounts, currency, paid.byCurrency)]);
      const customers = await customerReport(sql, query);
      const churned = await rawChurnedCustomers(sql, query);
      expect([label, customers.byCurrency.map((each) => [each.currency, each.churned])]).toEqual([
        label,
        customers.byCurrency.map((each) => [each.currency, churned.get(each.currency) ?? 0]),
      ]);
      expect([...churned.keys()].filter((each) => !customers.byCurrency.some((row) => row.currency === each))).toEqual(
        [],
      );
      expect([label, await churnCohortReport(sql, { ...query, months: 6 })]).toEqual([
        label,
        walkedCohorts(history, query, 6),
      ]);
    }
  }
}

/** The raw counts as the report shows each currency: every status, and the churn rate. */
function subscriptionFigures(rows: Awaited<ReturnType<typeof rawSubscriptionCounts>>) {
  return rows.map((row): SubscriptionFigures & { currency: string } => ({
    currency: row.currency,
    byStatus: Object.fromEntries(SUBSCRIPTION_STATUSES.map((status) => [status, row.by_status[status] ?? 0])) as Record<
      SubscriptionStatus,
      number
    >,
    new: row.new,
    canceled: row.canceled,
    churnRate: row.live_at_start === 0 ? 0 : Math.round((row.canceled / row.live_at_start) * 10_000) / 10_000,
  }));
}

function mostLive(
  rows: Awaited<ReturnType<typeof rawSubscriptionCounts>>,
  asked: string | undefined,
  paid: readonly { currency: string }[],
): string {
  if (asked !== undefined) return asked;
  const live = rows
    .map((row) => ({ currency: row.currency, live: (row.by_status.ACTIVE ?? 0) + (row.by_status.PAST_DUE ?? 0) }))
    .filter((row) => row.live > 0)
    .sort((a, b) => b.live - a.live || a.currency.localeCompare(b.currency));
  return live[0]?.currency ?? paid.map((each) => each.currency).sort()[0] ?? 'USD';
}

/** Each currency's months with revenue other than zero. */
function revenueMonths(byCurrency: readonly { currency: string; months: { month: string; revenueMinor: bigint }[] }[]) {
  return new Map(
    byCurrency.flatMap((each) =>
      each.months
        .filter((month) => month.revenueMinor !== 0n)
        .map((month): [string, bigint] => [`${each.currency} ${month.month}`, month.revenueMinor]),
    ),
  );
}
