import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { Json } from '../../../test/harness/api-client';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';
import { waitFor } from '../../../test/scenarios/subscription-scenario';

/**
 * One usage value whose price no invoice can hold, as a tester found it: the largest event value (1e12) on a charge
 * of 1.00 prices 1,000,000,000,000.00, past the money maximum. Before, the closing invoice's activity retried without
 * end, the cancel answered 503 half-applied, and the subscription never billed again. Now the cancel commits, the
 * subscription shows its billing error with one `invoice.generation_failed`, every other subscription bills as
 * usual, and the invoice is issued when a retry is asked after the cause is fixed.
 */
describe('usage that cannot be priced, through the API with a worker', () => {
  const { api, tenant, sql } = setUpResourceTest({ worker: true, tenant: 'all' });
  const client = () => subscriptionTestClient(api, () => tenant);

  const created = async (path: string, body: Json): Promise<string> => {
    const reply = await client().call('POST', path, { body });
    expect([path, reply.status]).toEqual([path, 201]);
    return String(reply.body.id);
  };
  const subscriptionOf = async (id: string) => (await client().call('GET', `/subscriptions/${id}`)).body;
  const invoicesOf = async (subscriptionId: string) =>
    (await client().call('GET', `/invoices?subscriptionId=${subscriptionId}`)).body.data as Json[];
  const outboxTypes = async () => {
    const rows = await sql<{ event_type: string }>(
      'select event_type from $schema.webhook_events order by occurred_at, id',
    );
    return rows.map((row) => row.event_type);
  };

  test('cancel now commits, the period waits with its billing error, others bill, a retry issues it', async () => {
    const { createCustomer, createPlan, subscribe, call } = client();
    const metricId = await created('/billable-metrics', {
      name: 'Units',
      code: 'units',
      aggregationType: 'SUM',
      fieldName: 'units',
    });
    const planId = await createPlan({ billingTiming: 'IN_ARREARS', trialDays: 0 });
    const chargeId = await created('/charges', {
      planId,
      billableMetricId: metricId,
      chargeModel: 'STANDARD',
      amount: 1,
    });
    const subscribed = async () => {
      const reply = await subscribe({ customerId: await createCustomer(), planId });
      expect(reply.status).toBe(201);
      return String(reply.body.id);
    };
    const huge = await subscribed();
    const ordinary = await subscribed();

    const event = { transactionId: 'tx-huge', subscriptionId: huge, code: 'units', properties: { units: 1e12 } };
    expect((await call('POST', '/events', { body: event })).status).toBe(201);
    expect((await call('GET', `/subscriptions/${huge}/usage`)).body).toMatchObject({ error: 'usage_out_of_range' });

    // The customer can always cancel: the action commits without its closing invoice.
    const canceled = await call('POST', `/subscriptions/${huge}/cancel`, { body: { cancelAt: 'now' } });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'CANCELED' });
    const failed = await waitFor(
      () => subscriptionOf(huge),
      (body) => body.billingError !== null,
    );
    expect(failed.billingError).toEqual({
      code: 'amount_out_of_range',
      message: expect.stringContaining('money maximum') as unknown,
      periodStart: canceled.body.currentPeriodStart,
      periodEnd: canceled.body.currentPeriodEnd,
      occurredAt: expect.any(String) as unknown,
    });
    expect(await invoicesOf(huge)).toEqual([]);
    expect((await outboxTypes()).filter((type) => type === 'invoice.generation_failed')).toHaveLength(1);

    // Every other subscription bills as usual.
    const modest = { transactionId: 'tx-modest', subscriptionId: ordinary, code: 'units', properties: { units: 5 } };
    expect((await call('POST', '/events', { body: modest })).status).toBe(201);
    const other = await call('POST', `/subscriptions/${ordinary}/cancel`, { body: { cancelAt: 'now' } });
    expect(other.body).toMatchObject({ status: 'CANCELED', billingError: null });
    expect((await invoicesOf(ordinary)).map((invoice) => invoice.total)).toEqual([5]);

    // A retry before the cause is fixed keeps the error and sends no second event.
    expect((await call('POST', `/subscriptions/${huge}/retry-billing`)).status).toBe(202);
    // Fixed: the charge now prices the same usage at 0.01, 10,000,000,000.00 in all; the retry issues the invoice.
    const repriced = await call('PATCH', `/charges/${chargeId}`, { body: { chargeModel: 'STANDARD', amount: 0.01 } });
    expect(repriced.status).toBe(200);
    expect((await call('POST', `/subscriptions/${huge}/retry-billing`)).status).toBe(202);
    const invoices = await waitFor(
      () => invoicesOf(huge),
      (list) => list.length === 1,
    );
    // The workflow clears the error once the invoice is issued, in a step of its own.
    const cleared = await waitFor(
      () => subscriptionOf(huge),
      (body) => body.billingError === null,
    );
    expect(cleared.billingError).toBeNull();
    const usageLine = (invoices[0]?.lines as Json[]).find((line) => line.type === 'USAGE');
    expect(usageLine).toMatchObject({ amount: 10_000_000_000 });
    expect((await outboxTypes()).filter((type) => type === 'invoice.generation_failed')).toHaveLength(1);
    expect((await call('POST', `/subscriptions/${huge}/retry-billing`)).body).toMatchObject({
      error: 'no_billing_error',
    });
  });
});
