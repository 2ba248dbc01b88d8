import { createActivities } from '../../../activities';
import { toCurrencyCode } from '../../../domain/money';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createLogger } from '../../../infra/logger';
import { createPlan } from '../../../services/catalog/plans';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageCatalog, repeated, type UsageCatalog } from '../../../test/fixtures/usage-catalog';

const JAN = new Date('2026-01-01T00:00:00Z');
const FEB = new Date('2026-02-01T00:00:00Z');
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));

describe('GET /subscriptions/:id/usage', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let sql: TenantSql;
  let catalog: UsageCatalog;

  beforeAll(async () => {
    api = await startTestApi();
    tenant = await createTenantFixture(api.orm, api.config);
    sql = tenantSql(api.orm, tenant.tenantId);
    catalog = createUsageCatalog(sql);
  });
  afterAll(() => api.close());

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

  /** A January subscription in arrears with two charges (one with a filter and a minimum, one PERCENTAGE). */
  async function meteredSubscription(status: 'ACTIVE' | 'PAUSED' = 'ACTIVE') {
    const created = await createPlan(sql, {
      code: `usage-${newId('plan').slice(5).toLowerCase()}`,
      name: 'Metered',
      description: null,
      billingInterval: 'MONTHLY',
      billingTiming: 'IN_ARREARS',
      trialDays: 0,
      netPaymentTerms: null,
      invoiceGracePeriodDays: null,
      features: [],
      isActive: true,
      prices: [{ amount: 3000n, currency: toCurrencyCode('USD') }],
    });
    if (!created.ok) throw new Error(created.error);
    const planId = created.value.id;
    const { calls, payments, callsMetric, paymentsMetric, callsCharge, paymentsCharge } =
      await catalog.meteredCharges(planId);
    const customerId = newId('customer');
    await sql.query(
      `insert into ${sql.table('customers')} (id, external_id, email, currency) values (?, ?, ?, 'USD')`,
      [customerId, customerId, `${customerId.toLowerCase()}@example.com`],
    );
    const id = newId('subscription');
    await sql.query(
      `insert into ${sql.table('subscriptions')} (id, customer_id, plan_id, currency, status, start_date, billing_anchor,
         current_period_start, current_period_end, paused_at)
       values (?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?)`,
      [id, customerId, planId, status, JAN, JAN, JAN, FEB, status === 'PAUSED' ? at(20) : null],
    );
    return {
      id,
      customerId,
      planId,
      calls,
      payments,
      callsMetric,
      paymentsMetric,
      callsCharge,
      paymentsCharge,
      owner: { id, customerId },
    };
  }

  it('prices the open period as its closing invoice then bills it, charge by charge and filter by filter', async () => {
    const subscription = await meteredSubscription();
    await catalog.events(subscription.owner, [
      ...repeated(10, { code: subscription.calls, timestamp: at(3), properties: { region: 'eu' } }),
      ...repeated(20, { code: subscription.calls, timestamp: at(4), properties: { region: 'us' } }),
      ...repeated(5, { code: subscription.calls, timestamp: at(5) }),
      { code: subscription.payments, timestamp: at(6), properties: { amount: '10.00' } },
      { code: subscription.payments, timestamp: at(7), properties: { amount: 200 } },
      { code: subscription.payments, timestamp: at(8), properties: { amount: '1000.00' } },
    ]);
    const usage = await call('GET', `/subscriptions/${subscription.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      periodStart: JAN.toISOString(),
      periodEnd: FEB.toISOString(),
      currency: 'USD',
      amount: 12.6,
      charges: [
        {
          chargeId: subscription.callsCharge,
          billableMetric: { id: subscription.callsMetric, code: subscription.calls, aggregationType: 'COUNT' },
          units: 35,
          amount: 5,
          filters: [{ values: ['eu'], units: 10, amount: 0.5 }],
        },
        {
          chargeId: subscription.paymentsCharge,
          billableMetric: { id: subscription.paymentsMetric, code: subscription.payments, aggregationType: 'SUM' },
          units: 1210,
          amount: 7.6,
          filters: [],
        },
      ],
    });

    // The close the workflow runs at the period end, through the very activity.
    const activities = createActivities({ orm: api.orm, logger: createLogger({ level: 'silent', name: 'usage' }) });
    const period = { start: JAN.toISOString(), end: FEB.toISOString() };
    const issued = await activities.issuePeriodInvoice({
      tenantId: tenant.tenantId,
      subscriptionId: subscription.id,
      customerId: subscription.customerId,
      currency: 'USD',
      timeZone: 'UTC',
      plan: {
        planId: subscription.planId,
        name: 'Metered',
        amountMinor: '3000',
        billingInterval: 'MONTHLY',
        billingTiming: 'IN_ARREARS',
      },
      period,
      segment: period,
      usage: period,
      idempotencyKey: `${subscription.id}:${period.start}:base`,
      now: period.end,
    });
    const invoice = await call('GET', `/invoices/${issued?.invoiceId ?? ''}`);
    const usageLines = (invoice.body.lines as Json[]).filter((line) => line.type === 'USAGE');
    expect(usageLines.map((line) => [line.description, line.quantity, line.amount])).toEqual([
      ['API calls (region: eu)', 10, 0.5],
      ['API calls (other)', 25, 0.25],
      ['API calls (minimum 5.00)', 1, 4.25],
      ['Payment fees', 1210, 7.6],
    ]);
    const billed = usageLines.reduce((sum, line) => sum + Math.round(Number(line.amount) * 100), 0);
    expect(billed).toBe(Math.round(Number(usage.body.amount) * 100));
    expect(invoice.body).toMatchObject({ total: 42.6 });

    // Closed: the period's open segment is empty until the workflow moves the subscription to the next period.
    const after = await call('GET', `/subscriptions/${subscription.id}/usage`);
    expect(after.body).toMatchObject({
      amount: 0,
      charges: [
        { units: 0, amount: 0 },
        { units: 0, amount: 0 },
      ],
    });
  });

  it('adds event values of fifteen decimals exactly', async () => {
    const subscription = await meteredSubscription();
    await catalog.events(subscription.owner, [
      { code: subscription.payments, timestamp: at(4), properties: { amount: '0.123456789012345' } },
      { code: subscription.payments, timestamp: at(5), properties: { amount: 0.000000000000005 } },
    ]);
    const usage = await call('GET', `/subscriptions/${subscription.id}/usage`);
    expect(usage.status).toBe(200);
    // Each payment is charged its 0.50 minimum; the units are the exact sum.
    expect((usage.body.charges as Json[])[1]).toMatchObject({ units: 0.12345678901235, amount: 1 });
  });

  it('answers 409 usage_out_of_range, never a 500, for values stored before ingestion bounded them (1e308)', async () => {
    const subscription = await meteredSubscription();
    await catalog.events(
      subscription.owner,
      repeated(2, { code: subscription.payments, timestamp: at(4), properties: { amount: 1e308 } }),
    );
    expect(await call('GET', `/subscriptions/${subscription.id}/usage`)).toMatchObject({
      status: 409,
      body: { error: 'usage_out_of_range' },
    });
  });

  it('answers 409 no_open_period for a PAUSED subscription, 404 for another tenant’s or an unknown one', async () => {
    const paused = await meteredSubscription('PAUSED');
    expect(await call('GET', `/subscriptions/${paused.id}/usage`)).toMatchObject({
      status: 409,
      body: { error: 'no_open_period' },
    });
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await call('GET', `/subscriptions/${paused.id}/usage`, { token: other.apiKey });
    expect(foreign).toMatchObject({ status: 404, body: { error: 'subscription_not_found' } });
    const unknown = await call('GET', `/subscriptions/${newId('subscription')}/usage`);
    expect(unknown.status).toBe(404);
  });

  it('answers 401 without a key and 403 without subscriptions:read, naming it', async () => {
    const subscription = await meteredSubscription();
    expect((await call('GET', `/subscriptions/${subscription.id}/usage`, { token: null })).status).toBe(401);
    const plansOnly = await createTenantFixture(api.orm, api.config, { scopes: ['plans:read'] });
    const refused = await call('GET', `/subscriptions/${subscription.id}/usage`, { token: plansOnly.apiKey });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('subscriptions:read');
  });
});
