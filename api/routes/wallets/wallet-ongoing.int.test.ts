import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

/** The ongoing balance: what the wallet will hold once the usage run up so far is invoiced, exact at every read. */
describe('a wallet’s ongoing balance', () => {
  const { call, createCustomer } = setUpResourceTest({ worker: true });

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([reply.status, reply.body]).toEqual([201, expect.anything()]);
    return reply.body;
  };
  const read = async (path: string): Promise<Json> => {
    const reply = await call('GET', path);
    expect([reply.status, reply.body]).toEqual([200, expect.anything()]);
    return reply.body;
  };

  /** A live subscription in USD charging 0.25 per GB stored (SUM), base fee 10.00 in arrears (not counted). */
  async function meteredSubscription(customerId: string): Promise<string> {
    const suffix = customerId.slice(-8).toLowerCase();
    const plan = await created('/plans', {
      name: 'Storage',
      code: `storage-${suffix}`,
      billingInterval: 'MONTHLY',
      // In arrears: no invoice at the start, which would spend the wallet before the test reads it.
      billingTiming: 'IN_ARREARS',
      prices: [{ currency: 'USD', amount: 10 }],
    });
    const metric = await created('/billable-metrics', {
      name: 'Storage',
      code: `gb_${suffix}`,
      aggregationType: 'SUM',
      fieldName: 'gb',
    });
    await created('/charges', { planId: plan.id, billableMetricId: metric.id, chargeModel: 'STANDARD', amount: 0.25 });
    const subscription = await created('/subscriptions', { customerId, planId: plan.id, currency: 'USD' });
    return `${String(subscription.id)}|${String(metric.code)}`;
  }

  it('is the balance less the usage GET /subscriptions/:id/usage reports, after a burst of events', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const [subscriptionId, code] = (await meteredSubscription(customerId)).split('|') as [string, string];
    const wallet = await created('/wallets', { customerId, rateAmount: 0.5, grantedCredits: 100 });
    expect([wallet.balance, wallet.ongoingBalance, wallet.ongoingCreditsBalance]).toEqual([50, 50, 100]);

    const events = Array.from({ length: 40 }, (_, index) => ({
      transactionId: `burst-${subscriptionId}-${index}`,
      subscriptionId,
      code,
      properties: { gb: index % 2 === 0 ? 2 : 3 },
    }));
    const burst = await Promise.all(
      [events.slice(0, 20), events.slice(20)].map((batch) =>
        call('POST', '/events/batch', { body: { events: batch } }),
      ),
    );
    expect(burst.map((reply) => reply.status)).toEqual([201, 201]);

    const usage = await read(`/subscriptions/${subscriptionId}/usage`);
    const now = await read(`/wallets/${String(wallet.id)}`);
    // 20 events of 2 GB and 20 of 3 GB: 100 GB, at 0.25 each 25.00; 25.00 at 0.50 a credit is 50 credits.
    expect(usage.amount).toBe(25);
    expect(now).toMatchObject({ balance: 50, creditsBalance: 100, ongoingBalance: 25, ongoingCreditsBalance: 50 });
    const listed = await read(`/wallets?customerId=${customerId}`);
    expect(listed.data).toEqual([now]);
  });

  it('goes below zero when the usage outruns the credits, and counts no wallet of another currency', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const [subscriptionId, code] = (await meteredSubscription(customerId)).split('|') as [string, string];
    const wallet = await created('/wallets', { customerId, grantedCredits: 2 });
    await created('/events', { transactionId: `big-${subscriptionId}`, subscriptionId, code, properties: { gb: 40 } });
    expect(await read(`/wallets/${String(wallet.id)}`)).toMatchObject({
      balance: 2,
      ongoingBalance: -8,
      ongoingCreditsBalance: -8,
    });
    const terminated = await call('DELETE', `/wallets/${String(wallet.id)}`);
    expect(terminated.body).toMatchObject({ status: 'TERMINATED', balance: 0, ongoingBalance: 0 });
    const euros = await created('/wallets', { customerId, currency: 'EUR', grantedCredits: 5 });
    expect([euros.balance, euros.ongoingBalance]).toEqual([5, 5]);
  });
});
