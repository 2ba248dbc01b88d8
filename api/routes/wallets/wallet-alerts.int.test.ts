import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

/** An alert must be recorded within this long of the answer to the change that crossed (CONTRACT: 5 s). */
const ALERT_WITHIN_MS = 5_000;
/** How long a test waits to be sure an alert was not recorded again. */
const QUIET_MS = 2_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Balance alerts through the API with a worker of the real workflows and activities: usage recorded by event batches
 * (and single events), wallet transactions and invoices each move the ongoing balance, and the wallet's workflow tells
 * `wallet.low_balance` and `wallet.depleted` within seconds, once per crossing, again only after a rise above.
 */
describe('wallet balance alerts', () => {
  const { call, createCustomer, sql } = setUpResourceTest({ worker: true, walletUsageChecks: true });

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([reply.status, reply.body]).toEqual([201, expect.anything()]);
    return reply.body;
  };

  /** A live subscription in USD charging 0.25 per GB (SUM), in arrears: nothing invoiced while the test runs. */
  async function meteredSubscription(customerId: string): Promise<{ subscriptionId: string; code: string }> {
    const suffix = customerId.slice(-8).toLowerCase();
    const plan = await created('/plans', {
      name: 'Storage',
      code: `storage-${suffix}`,
      billingInterval: 'MONTHLY',
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
    return { subscriptionId: String(subscription.id), code: String(metric.code) };
  }

  let sent = 0;
  /** Usage of `gb` GB (0.25 each) as one batch of `events` events; resolves with the instant it was answered. */
  async function use(meter: { subscriptionId: string; code: string }, gb: number, events = 4): Promise<number> {
    const each = gb / events;
    const batch = Array.from({ length: events }, () => ({
      transactionId: `alert-${meter.subscriptionId}-${++sent}`,
      subscriptionId: meter.subscriptionId,
      code: meter.code,
      properties: { gb: each },
    }));
    const reply = await call('POST', '/events/batch', { body: { events: batch } });
    expect(reply.status).toBe(201);
    return Date.now();
  }

  const alertsOf = async (walletId: string) =>
    sql<{ event_type: string; data: Json }>(
      `select event_type, data from $schema.webhook_events
        where event_type in ('wallet.low_balance', 'wallet.depleted') and data->>'id' = ?
        order by occurred_at, id`,
      [walletId],
    );
  const count = async (walletId: string, type: string) =>
    (await alertsOf(walletId)).filter((row) => row.event_type === type).length;

  /** Polls the outbox until the wallet has `times` alerts of `type`; how long after `since` that was. */
  async function alertArrives(walletId: string, type: string, times: number, since: number): Promise<number> {
    while (Date.now() - since < ALERT_WITHIN_MS * 3) {
      if ((await count(walletId, type)) >= times) return Date.now() - since;
      await sleep(100);
    }
    throw new Error(`${type} #${times} for ${walletId} not recorded within ${ALERT_WITHIN_MS * 3} ms`);
  }

  it('tells low_balance and depleted within 5 s of the batches that crossed, once each, again after a rise', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const meter = await meteredSubscription(customerId);
    const wallet = await created('/wallets', { customerId, grantedCredits: 10, lowBalanceThresholdCredits: 4 });
    const walletId = String(wallet.id);

    // 28 GB: 7.00 used, 3 credits ongoing, at or below the threshold of 4.
    expect(await alertArrives(walletId, 'wallet.low_balance', 1, await use(meter, 28))).toBeLessThan(ALERT_WITHIN_MS);
    const [low] = await alertsOf(walletId);
    expect(low?.data).toMatchObject({ id: walletId, balance: 10, ongoingBalance: 3, ongoingCreditsBalance: 3 });

    // Lower still, above zero: nothing new. A single event counts as a batch of one.
    const single = { transactionId: `alert-single-${walletId}`, ...meter, properties: { gb: 2 } };
    expect((await call('POST', '/events', { body: single })).status).toBe(201);
    await sleep(QUIET_MS);
    expect([await count(walletId, 'wallet.low_balance'), await count(walletId, 'wallet.depleted')]).toEqual([1, 0]);

    // 10 GB more: 10.00 used in all, the ongoing balance at 0; then below it, nothing new.
    expect(await alertArrives(walletId, 'wallet.depleted', 1, await use(meter, 10))).toBeLessThan(ALERT_WITHIN_MS);
    await use(meter, 4, 1);
    await sleep(QUIET_MS);
    expect([await count(walletId, 'wallet.low_balance'), await count(walletId, 'wallet.depleted')]).toEqual([1, 1]);

    // A grant raises it above both; the next fall is told again, each once.
    const granted = await call('POST', '/wallets/transactions', { body: { walletId, grantedCredits: 20 } });
    expect(granted.status).toBe(201);
    await sleep(QUIET_MS);
    const fallen = await use(meter, 80);
    expect(await alertArrives(walletId, 'wallet.depleted', 2, fallen)).toBeLessThan(ALERT_WITHIN_MS);
    await sleep(QUIET_MS);
    expect((await alertsOf(walletId)).map((row) => row.event_type)).toEqual([
      'wallet.low_balance',
      'wallet.depleted',
      'wallet.low_balance',
      'wallet.depleted',
    ]);
  });

  it('tells nothing of the balance a wallet is made with: an empty one is depleted only once it had credits', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const meter = await meteredSubscription(customerId);
    const wallet = await created('/wallets', { customerId, lowBalanceThresholdCredits: 2 });
    const walletId = String(wallet.id);
    await sleep(QUIET_MS);
    expect(await alertsOf(walletId)).toEqual([]);

    // Credits raise it above both; 16 GB (4.00) takes all 4 of them: low_balance, then depleted, once each.
    expect((await call('POST', '/wallets/transactions', { body: { walletId, grantedCredits: 4 } })).status).toBe(201);
    await sleep(QUIET_MS);
    expect(await alertArrives(walletId, 'wallet.depleted', 1, await use(meter, 16))).toBeLessThan(ALERT_WITHIN_MS);
    await sleep(QUIET_MS);
    expect((await alertsOf(walletId)).map((row) => row.event_type)).toEqual(['wallet.low_balance', 'wallet.depleted']);
  });

  it('tells depleted within 5 s of a void or an invoice’s finalize that crossed', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const wallet = await created('/wallets', { customerId, grantedCredits: 10 });
    const walletId = String(wallet.id);
    await sleep(QUIET_MS);
    expect(await alertsOf(walletId)).toEqual([]);

    // An invoice of 4.00 spends 4 credits, a void takes the other 6: the balance reaches 0.
    const invoice = await created('/invoices', {
      customerId,
      items: [{ description: 'Work', quantity: 1, unitAmount: 4 }],
    });
    expect((await call('POST', `/invoices/${String(invoice.id)}/finalize`)).status).toBe(200);
    await sleep(QUIET_MS);
    expect(await alertsOf(walletId)).toEqual([]);
    const voided = await call('POST', '/wallets/transactions', { body: { walletId, voidedCredits: 6 } });
    expect(voided.status).toBe(201);
    expect(await alertArrives(walletId, 'wallet.depleted', 1, Date.now())).toBeLessThan(ALERT_WITHIN_MS);

    // A grant raises it above zero; an invoice of 5.00 spends all 3 credits again.
    expect((await call('POST', '/wallets/transactions', { body: { walletId, grantedCredits: 3 } })).status).toBe(201);
    await sleep(QUIET_MS);
    const next = await created('/invoices', {
      customerId,
      items: [{ description: 'More work', quantity: 1, unitAmount: 5 }],
    });
    expect((await call('POST', `/invoices/${String(next.id)}/finalize`)).status).toBe(200);
    expect(await alertArrives(walletId, 'wallet.depleted', 2, Date.now())).toBeLessThan(ALERT_WITHIN_MS);
  });

  it('tells a crossing made good at once (a void, then a grant right after) once each', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const wallet = await created('/wallets', { customerId, grantedCredits: 10, lowBalanceThresholdCredits: 3 });
    const walletId = String(wallet.id);
    await sleep(QUIET_MS);
    const transact = (body: Json) => call('POST', '/wallets/transactions', { body: { walletId, ...body } });
    expect((await transact({ voidedCredits: 10 })).status).toBe(201);
    const since = Date.now();
    expect((await transact({ grantedCredits: 10 })).status).toBe(201);
    expect(await alertArrives(walletId, 'wallet.depleted', 1, since)).toBeLessThan(ALERT_WITHIN_MS);
    expect(await alertArrives(walletId, 'wallet.low_balance', 1, since)).toBeLessThan(ALERT_WITHIN_MS);
    await sleep(QUIET_MS);
    expect((await alertsOf(walletId)).map((row) => row.event_type).sort()).toEqual([
      'wallet.depleted',
      'wallet.low_balance',
    ]);
    // Made good, the next crossing is told again.
    expect((await transact({ voidedCredits: 10 })).status).toBe(201);
    expect(await alertArrives(walletId, 'wallet.depleted', 2, Date.now())).toBeLessThan(ALERT_WITHIN_MS);
  });
});
