import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { Json } from '../../../test/harness/api-client';
import { waitForValue } from '../../../test/harness/wait-for';

/**
 * A plan with charges and no price at all, through the real API and a worker running the real workflow: any
 * currency subscribes, the period's invoice bills its usage only, and no 0.00 invoice is issued for the fee.
 */

const CLOCK_START = '2026-03-01T00:00:00.000Z';
const PERIOD_END = '2026-04-01T00:00:00.000Z';
const READY_TIMEOUT_MS = 60_000;
let sequence = 0;

describe('usage-only plans (charges, no price)', () => {
  const { call, createCustomer } = setUpResourceTest({ worker: true });

  const created = async (path: string, body: Json): Promise<string> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return String(reply.body.id);
  };
  const meteredPlan = async (prices: Json[], billingTiming: string) => {
    const code = `calls_${Date.now()}_${++sequence}`;
    const metricId = await created('/billable-metrics', { name: 'API calls', code, aggregationType: 'COUNT' });
    const planId = await created('/plans', {
      name: 'Pay as you go',
      code: `payg-${Date.now()}-${sequence}`,
      billingInterval: 'MONTHLY',
      billingTiming,
      prices,
    });
    await created('/charges', { planId, billableMetricId: metricId, chargeModel: 'STANDARD', amount: 0.25 });
    return { planId, code };
  };
  const invoicesOf = async (customerId: string) =>
    (await call('GET', `/invoices?customerId=${customerId}&limit=100`)).body.data as Json[];
  const advanceTo = async (clockId: string, frozenTime: string) => {
    expect((await call('POST', `/test-clocks/${clockId}/advance`, { body: { frozenTime } })).status).toBe(200);
    await waitForValue(
      'the clock READY',
      async () => ((await call('GET', `/test-clocks/${clockId}`)).body.status === 'READY' ? true : undefined),
      READY_TIMEOUT_MS,
    );
  };

  it.each(['IN_ADVANCE', 'IN_ARREARS'])(
    'subscribes in any currency and bills only the usage of the period (%s)',
    async (billingTiming) => {
      const { planId, code } = await meteredPlan([], billingTiming);
      const clockId = await created('/test-clocks', { frozenTime: CLOCK_START });
      const customerId = await createCustomer({ currency: 'JPY', testClockId: clockId });
      const subscribed = await call('POST', '/subscriptions', { body: { customerId, planId, currency: 'JPY' } });
      expect(subscribed.status).toBe(201);
      const subscriptionId = String(subscribed.body.id);
      const events = Array.from({ length: 4 }, (_, index) => ({
        transactionId: `${subscriptionId}-${index}`,
        subscriptionId,
        code,
        timestamp: new Date(Date.parse(CLOCK_START) + (index + 1) * 86_400_000).toISOString(),
      }));
      // Events are judged on the customer's clock: it moves past them first.
      await advanceTo(clockId, '2026-03-20T00:00:00.000Z');
      // The period's start issued nothing: no fee to bill, so no 0.00 invoice and no invoice number spent.
      expect(await invoicesOf(customerId)).toEqual([]);
      const batch = await call('POST', '/events/batch', { body: { events } });
      expect([batch.status, batch.body.created]).toEqual([201, events.length]);

      await advanceTo(clockId, '2026-04-01T01:00:00.000Z');
      const invoices = await invoicesOf(customerId);
      expect(invoices).toHaveLength(1);
      const [invoice] = invoices;
      expect(invoice).toMatchObject({ subscriptionId, currency: 'JPY', subtotal: 1, total: 1 });
      const lines = (invoice?.lines ?? []) as Json[];
      expect(lines.map((line) => [line.type, line.quantity, line.amount])).toEqual([['USAGE', 4, 1]]);
      expect(lines[0]).toMatchObject({ periodStart: CLOCK_START, periodEnd: PERIOD_END });

      // A period without usage bills nothing at all.
      await advanceTo(clockId, '2026-05-01T01:00:00.000Z');
      expect((await invoicesOf(customerId)).map((each) => each.id)).toEqual([invoice?.id]);
    },
    180_000,
  );

  it('refuses a first price on a usage-only plan with subscriptions (409), takes one before any', async () => {
    const { planId } = await meteredPlan([], 'IN_ADVANCE');
    const customerId = await createCustomer({ currency: 'EUR' });
    expect((await call('POST', '/subscriptions', { body: { customerId, planId, currency: 'EUR' } })).status).toBe(201);
    const refused = await call('POST', `/plans/${planId}/prices`, { body: { currency: 'USD', amount: 5 } });
    expect([refused.status, refused.body.error]).toEqual([409, 'plan_usage_only_in_use']);
    const unused = await meteredPlan([], 'IN_ADVANCE');
    const added = await call('POST', `/plans/${unused.planId}/prices`, { body: { currency: 'USD', amount: 5 } });
    expect(added.status).toBe(201);
  });

  it('keeps 409 plan_price_not_found for a plan with prices in other currencies only', async () => {
    const { planId } = await meteredPlan([{ currency: 'USD', amount: 10 }], 'IN_ADVANCE');
    const customerId = await createCustomer({ currency: 'EUR' });
    const refused = await call('POST', '/subscriptions', { body: { customerId, planId, currency: 'EUR' } });
    expect([refused.status, refused.body.error]).toEqual([409, 'plan_price_not_found']);
  });
});
