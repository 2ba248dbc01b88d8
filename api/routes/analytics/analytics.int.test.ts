import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { analyticsHistory, movableClock } from '../../../test/scenarios/analytics-history';

const ROUTES = [
  '/analytics/revenue',
  '/analytics/subscriptions',
  '/analytics/customers',
  '/analytics/payments',
  '/analytics/mrr-breakdown',
  '/analytics/net-revenue',
  '/analytics/churn-cohorts',
  '/analytics/ltv',
];

const clock = movableClock('2026-07-15T12:00:00.000Z');

describe('analytics (/analytics/*)', () => {
  // Subscriptions are created through the API; their workflows are not run: the test writes what they would.
  const { api, tenant, call, createCustomer } = setUpResourceTest({
    api: () => ({ clock, temporal: { startSubscriptionWorkflow: () => Promise.resolve() } }),
  });
  beforeEach(() => clock.set('2026-07-15T12:00:00.000Z'));

  it('answers 401 without a key and 403 without analytics:read, on every route', async () => {
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
    for (const path of ROUTES) {
      expect((await call('GET', path, { token: null })).status).toBe(401);
      const refused = await call('GET', path, { token: reader.apiKey });
      expect([refused.status, refused.body.message]).toEqual([403, 'Missing scope: analytics:read']);
    }
  });

  it('refuses dateFrom after dateTo, naming the field; the same day twice is one whole day', async () => {
    for (const path of ROUTES) {
      const refused = await call('GET', `${path}?dateFrom=2026-03-02&dateTo=2026-03-01`);
      expect([refused.status, refused.body.error]).toEqual([400, 'validation_failed']);
      expect(JSON.stringify(refused.body.details)).toContain('dateFrom');
      expect((await call('GET', `${path}?dateFrom=2026-03-01&dateTo=2026-03-01`)).status).toBe(200);
    }
    // A timestamp within dateTo's day starts a part of it; the next day's first instant is after it.
    const partOfTheDay = await call('GET', '/analytics/payments?dateFrom=2026-03-01T12:00:00Z&dateTo=2026-03-01');
    expect(partOfTheDay.status).toBe(200);
    expect((await call('GET', '/analytics/payments?dateFrom=2026-03-02T00:00:00Z&dateTo=2026-03-01')).status).toBe(400);
    expect((await call('GET', '/analytics/revenue?dateFrom=2026-02-30')).status).toBe(400);
    expect((await call('GET', '/analytics/revenue?dateFrom=1990-01-01&dateTo=2026-01-01')).status).toBe(400);
  });

  it('takes a fixed recurring coupon off MRR once per invoice, made monthly, and no coupon limited to metrics', async () => {
    const created = async (path: string, body: Record<string, unknown>): Promise<string> => {
      const reply = await call('POST', path, { body });
      expect([path, reply.status]).toEqual([path, 201]);
      return String(reply.body.id);
    };
    const customerId = await createCustomer();
    const planId = await created('/plans', {
      name: 'Yearly',
      code: 'yearly',
      billingInterval: 'YEARLY',
      billingTiming: 'IN_ADVANCE',
      trialDays: 0,
      prices: [{ currency: 'USD', amount: 1200 }],
    });
    await created('/subscriptions', { customerId, planId, currency: 'USD' });
    const metric = await created('/billable-metrics', { name: 'Calls', code: 'calls', aggregationType: 'COUNT' });
    const coupons = [
      { code: 'year120', discountType: 'FIXED_AMOUNT', amount: 120, currency: 'USD' },
      { code: 'usagehalf', discountType: 'PERCENTAGE', percentage: 50, billableMetricIds: [metric] },
    ];
    for (const { code, ...terms } of coupons) {
      await created('/coupons', { code, name: code, frequency: 'FOREVER', ...terms });
      await created('/coupons/apply', { couponCode: code, customerId });
    }
    // 1,200.00 a year less 120.00 off each yearly invoice: 90.00 a month; the usage coupon discounts no fee.
    expect((await call('GET', '/analytics/revenue')).body).toMatchObject({ mrr: 90, arr: 1080 });
  });

  it('answers zeros for a tenant without data: 12 months ending with this one, no nulls', async () => {
    const revenue = await call('GET', '/analytics/revenue');
    expect(revenue.status).toBe(200);
    expect(revenue.body).toMatchObject({ currency: 'USD', totalRevenue: 0, mrr: 0, arr: 0, byCurrency: [] });
    const months = revenue.body.months as { month: string; revenue: number }[];
    expect(months.map((each) => each.month)).toEqual([
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
    ]);
    expect(months.every((each) => each.revenue === 0)).toBe(true);
    expect((await call('GET', '/analytics/subscriptions')).body).toEqual({
      byStatus: { TRIALING: 0, ACTIVE: 0, PAUSED: 0, PAST_DUE: 0, CANCELED: 0 },
      new: 0,
      canceled: 0,
      churnRate: 0,
      byCurrency: [],
    });
    expect((await call('GET', '/analytics/customers')).body).toEqual({ total: 0, new: 0, churned: 0, byCurrency: [] });
    expect((await call('GET', '/analytics/payments')).body).toEqual({
      successRate: 0,
      currency: 'USD',
      volume: 0,
      byCurrency: [],
    });
    expect((await call('GET', '/analytics/mrr-breakdown')).body).toEqual({ byCurrency: [] });
    expect((await call('GET', '/analytics/net-revenue')).body).toEqual({ byCurrency: [] });
    expect((await call('GET', '/analytics/ltv')).body).toEqual({ byCurrency: [] });
    const cohorts = (await call('GET', '/analytics/churn-cohorts?months=3')).body.cohorts as unknown[];
    expect(cohorts).toHaveLength(12);
    expect(cohorts[11]).toEqual({ month: '2026-07', customers: 0, retained: [0] });
  });

  describe('a known history over six months in USD and EUR', () => {
    const RANGE = 'dateFrom=2026-01-01&dateTo=2026-06-30';
    const plans: Record<string, string> = {};

    beforeEach(async () => {
      const history = analyticsHistory({ api, call, clock, tenantId: () => tenant.tenantId });
      plans.basic = await history.plan('Basic', 'MONTHLY', 'USD', 10);
      plans.pro = await history.plan('Pro', 'MONTHLY', 'USD', 30);
      plans.yearly = await history.plan('Yearly', 'YEARLY', 'EUR', 120);
      const a = await history.customer('2026-01-05T09:00:00.000Z', 'USD');
      const b = await history.customer('2026-01-10T09:00:00.000Z', 'USD');
      const c = await history.customer('2026-02-01T00:00:00.000Z', 'EUR');
      // Outside the range: neither new nor counted.
      await history.customer('2026-07-02T00:00:00.000Z', 'USD');

      const a1 = await history.subscribe('2026-01-05T09:00:00.000Z', a, plans.basic, 'USD');
      const aInvoice = await history.invoice('2026-01-05T09:00:00.000Z', a, 10);
      const aPayment = await history.markPaid('2026-01-05T10:00:00.000Z', aInvoice);
      const b1 = await history.subscribe('2026-01-10T09:00:00.000Z', b, plans.pro, 'USD');
      const bInvoice = await history.invoice('2026-01-10T09:00:00.000Z', b, 30);
      await history.failedPayment('2026-01-11T09:00:00.000Z', bInvoice, b, 3000n, 'USD');
      // Checkouts that ended unused are no failed payments.
      await history.failedPayment('2026-01-11T10:00:00.000Z', bInvoice, b, 3000n, 'USD', 'expired');
      await history.failedPayment('2026-01-11T11:00:00.000Z', bInvoice, b, 3000n, 'USD', 'canceled');
      await history.markPaid('2026-01-12T09:00:00.000Z', bInvoice);
      const c1 = await history.subscribe('2026-02-01T00:00:00.000Z', c, plans.yearly, 'EUR');
      const cInvoice = await history.invoice('2026-02-01T00:00:00.000Z', c, 120);
      await history.markPaid('2026-02-01T01:00:00.000Z', cInvoice);

      await history.change('2026-02-15T00:00:00.000Z', a1, { planId: plans.pro }, null); // upgrade +20
      await history.refund('2026-02-20T00:00:00.000Z', aPayment, 5); // partial refund
      await history.change(
        '2026-03-01T00:00:00.000Z',
        b1,
        { status: 'PAUSED', pausedAt: clock.now() },
        'subscription.paused',
      );
      await history.creditNote('2026-03-05T00:00:00.000Z', bInvoice, 3);
      await history.change(
        '2026-04-01T00:00:00.000Z',
        b1,
        { status: 'ACTIVE', pausedAt: null },
        'subscription.resumed',
      );
      await history.change('2026-04-10T00:00:00.000Z', a1, { planId: plans.basic }, null); // downgrade -20
      await history.change(
        '2026-05-01T00:00:00.000Z',
        b1,
        { status: 'CANCELED', canceledAt: clock.now() },
        'subscription.canceled',
      );
      await history.subscribe('2026-06-01T00:00:00.000Z', b, plans.basic, 'USD'); // B returns
      // C asked to cancel at period end; the end is written when it comes.
      await history.change('2026-06-20T00:00:00.000Z', c1, { cancelAt: new Date('2026-06-25T00:00:00.000Z') }, null);
      await history.change(
        '2026-06-25T00:00:00.000Z',
        c1,
        { status: 'CANCELED', canceledAt: clock.now() },
        'subscription.canceled',
      );
      clock.set('2026-07-15T12:00:00.000Z');
    });

    it('reports revenue, subscriptions, customers and payments as computed by hand', async () => {
      const revenue = await call('GET', `/analytics/revenue?${RANGE}`);
      const usdMonths = [
        { month: '2026-01', revenue: 40 }, // 10 + 30 received
        { month: '2026-02', revenue: -5 }, // the refund
        { month: '2026-03', revenue: 0 },
        { month: '2026-04', revenue: 0 },
        { month: '2026-05', revenue: 0 },
        { month: '2026-06', revenue: 0 },
      ];
      const eurMonths = usdMonths.map(({ month }) => ({ month, revenue: month === '2026-02' ? 120 : 0 }));
      const usd = { currency: 'USD', totalRevenue: 35, mrr: 20, arr: 240, months: usdMonths };
      const eur = { currency: 'EUR', totalRevenue: 120, mrr: 0, arr: 0, months: eurMonths };
      expect(revenue.body).toEqual({ ...usd, byCurrency: [eur, usd] });
      expect((await call('GET', `/analytics/revenue?${RANGE}&currency=eur`)).body).toEqual({
        ...eur,
        byCurrency: [eur],
      });

      expect((await call('GET', `/analytics/subscriptions?${RANGE}`)).body).toEqual({
        byStatus: { TRIALING: 0, ACTIVE: 2, PAUSED: 0, PAST_DUE: 0, CANCELED: 2 },
        new: 4,
        canceled: 2,
        churnRate: 0,
        byCurrency: [
          {
            currency: 'EUR',
            byStatus: { TRIALING: 0, ACTIVE: 0, PAUSED: 0, PAST_DUE: 0, CANCELED: 1 },
            new: 1,
            canceled: 1,
            churnRate: 0,
          },
          {
            currency: 'USD',
            byStatus: { TRIALING: 0, ACTIVE: 2, PAUSED: 0, PAST_DUE: 0, CANCELED: 1 },
            new: 3,
            canceled: 1,
            churnRate: 0,
          },
        ],
      });
      // From March: 2 USD subscriptions live at its start (A, B), B canceled in May: 1 / 2.
      const spring = await call('GET', '/analytics/subscriptions?dateFrom=2026-03-01&dateTo=2026-05-31&currency=USD');
      expect(spring.body).toMatchObject({ new: 0, canceled: 1, churnRate: 0.5 });

      expect((await call('GET', `/analytics/customers?${RANGE}`)).body).toEqual({
        total: 3,
        new: 3,
        churned: 2,
        byCurrency: [
          { currency: 'EUR', total: 1, new: 1, churned: 1 },
          { currency: 'USD', total: 2, new: 2, churned: 1 },
        ],
      });

      expect((await call('GET', `/analytics/payments?${RANGE}`)).body).toEqual({
        successRate: 0, // the only provider payment failed; mark-paid payments are MANUAL
        currency: 'USD',
        volume: 40,
        byCurrency: [
          { currency: 'EUR', volume: 120, succeeded: 1, failed: 0, refunded: 0 },
          { currency: 'USD', volume: 40, succeeded: 2, failed: 1, refunded: 5 },
        ],
      });
      // The same from the payments themselves (a range of part of a month is not read from the monthly rollup).
      expect((await call('GET', '/analytics/payments?dateFrom=2026-01-11&dateTo=2026-01-20')).body).toMatchObject({
        byCurrency: [{ currency: 'USD', volume: 30, succeeded: 1, failed: 1, refunded: 0 }],
      });
    });

    it('reports MRR movements, net revenue, cohorts and lifetime value as computed by hand', async () => {
      expect((await call('GET', `/analytics/mrr-breakdown?${RANGE}`)).body).toEqual({
        byCurrency: [
          { currency: 'EUR', new: 10, expansion: 0, contraction: 0, churned: 10, netNew: 0, byPlan: [] },
          // new: A 10, B 30, B again 10; expansion: upgrade 20, resume 30; contraction: pause 30, downgrade 20.
          {
            currency: 'USD',
            new: 50,
            expansion: 50,
            contraction: 50,
            churned: 30,
            netNew: 20,
            byPlan: [{ planId: plans.basic, mrr: 20 }],
          },
        ],
      });
      expect((await call('GET', '/analytics/mrr-breakdown?dateFrom=2026-03-01&dateTo=2026-04-30')).body).toMatchObject({
        byCurrency: [
          { currency: 'EUR', new: 0, expansion: 0, contraction: 0, churned: 0, netNew: 0 },
          { currency: 'USD', new: 0, expansion: 30, contraction: 50, churned: 0, netNew: -20 },
        ],
      });

      expect((await call('GET', `/analytics/net-revenue?${RANGE}`)).body).toEqual({
        byCurrency: [
          { currency: 'EUR', gross: 120, refunds: 0, creditNotes: 0, net: 120 },
          { currency: 'USD', gross: 40, refunds: 5, creditNotes: 3, net: 32 },
        ],
      });

      expect((await call('GET', `/analytics/churn-cohorts?${RANGE}`)).body).toEqual({
        cohorts: [
          { month: '2026-01', customers: 2, retained: [2, 2, 2, 2, 1, 2] }, // B canceled in May, back in June
          { month: '2026-02', customers: 1, retained: [1, 1, 1, 1, 0] },
          { month: '2026-03', customers: 0, retained: [0, 0, 0, 0] },
          { month: '2026-04', customers: 0, retained: [0, 0, 0] },
          { month: '2026-05', customers: 0, retained: [0, 0] },
          { month: '2026-06', customers: 0, retained: [0] },
        ],
      });
      const short = (await call('GET', `/analytics/churn-cohorts?${RANGE}&months=2`)).body.cohorts as unknown[];
      expect(short.slice(0, 2)).toEqual([
        { month: '2026-01', customers: 2, retained: [2, 2] },
        { month: '2026-02', customers: 1, retained: [1, 1] },
      ]);

      // Live days up to 2026-07-01: A 176.625 (from Jan 5 09:00: Basic 40.625 + 82, Pro 54), B 79.625 on Pro (from
      // Jan 10 09:00, paused in March), B again 30 on Basic, C 144; a month is 30.4375 days.
      const ltv = (await call('GET', `/analytics/ltv?${RANGE}`)).body;
      expect(ltv).toEqual({
        byCurrency: [
          {
            currency: 'EUR',
            averageRevenuePerCustomer: 0,
            averageLifespanMonths: 4.73,
            ltv: 0,
            byPlan: [{ planId: plans.yearly, averageRevenuePerCustomer: 0, averageLifespanMonths: 4.73, ltv: 0 }],
          },
          {
            currency: 'USD',
            averageRevenuePerCustomer: 10,
            averageLifespanMonths: 3.13, // (176.625 + 79.625 + 30) / 3 days
            ltv: 31.3,
            byPlan: expect.arrayContaining([
              { planId: plans.basic, averageRevenuePerCustomer: 10, averageLifespanMonths: 2.51, ltv: 25.1 },
              { planId: plans.pro, averageRevenuePerCustomer: 0, averageLifespanMonths: 2.2, ltv: 0 },
            ]) as unknown,
          },
        ],
      });
    });
  });
});
