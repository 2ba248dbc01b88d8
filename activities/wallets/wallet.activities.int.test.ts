import { createLogger } from '../../infra/logger';
import { wallClock } from '../../infra/wall-clock';
import { tenantSql } from '../../infra/db/tenant-sql';
import { checkWalletBalance, readOngoingWallet } from '../../services/billing/prepaid-credit';
import { createUsageTally, sharingEntries } from '../../services/metering/aggregation';
import type { Json } from '../../test/harness/api-client';
import { setUpResourceTest } from '../../test/fixtures/resource-test';
import { createWalletActivities } from './wallet.activities';

/**
 * The wallet workflow's balance check (the activity a top-up, an alert or a change wakes) prices the open period from
 * the running aggregates the worker's usage loop keeps, so that it reads only the events since the loop's last floor,
 * and decides on the same ongoing balance as pricing every event (`GET /wallets/:id`).
 */
describe('the wallet workflow’s balance check on the usage loop’s running aggregates', () => {
  const { api, call, createCustomer, sql, tenant } = setUpResourceTest();

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([reply.status, reply.body]).toEqual([201, expect.anything()]);
    return reply.body;
  };

  /** A customer with a live subscription charging 0.25 per GB, and a wallet of 10 credits warned at 6. */
  async function meteredWallet(): Promise<{ walletId: string; subscriptionId: string; code: string }> {
    const customerId = await createCustomer({ currency: 'USD' });
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
    const wallet = await created('/wallets', { customerId, grantedCredits: 10, lowBalanceThresholdCredits: 6 });
    return { walletId: String(wallet.id), subscriptionId: String(subscription.id), code: String(metric.code) };
  }

  let sent = 0;
  /** One POST /events/batch of `count` events of `gb` GB each. */
  async function use(meter: { subscriptionId: string; code: string }, count: number, gb: number): Promise<void> {
    const events = Array.from({ length: count }, () => ({
      transactionId: `workflow-check-${++sent}`,
      subscriptionId: meter.subscriptionId,
      code: meter.code,
      properties: { gb },
    }));
    const reply = await call('POST', '/events/batch', { body: { events } });
    expect(reply.status).toBe(201);
  }

  /** Every alert told so far, with the ongoing credits it carried, oldest first. */
  const alertsOf = async (walletId: string) =>
    (
      await sql<{ event_type: string; ongoing: string }>(
        `select event_type, data->>'ongoingCreditsBalance' as ongoing from $schema.webhook_events
          where event_type in ('wallet.low_balance', 'wallet.depleted') and data->>'id' = ? order by created_at, id`,
        [walletId],
      )
    ).map((row) => `${row.event_type} at ${Number(row.ongoing)}`);

  /** The ongoing credits priced from every event, as `GET /wallets/:id` answers. */
  const exactOngoingCredits = async (walletId: string): Promise<number> => {
    const reply = await call('GET', `/wallets/${walletId}`);
    expect(reply.status).toBe(200);
    return Number(reply.body.ongoingCreditsBalance);
  };

  it('reads only the events since the loop’s floor, and tells each crossing once at the exact balance', async () => {
    const meter = await meteredWallet();
    const loopTally = createUsageTally();
    const workflowTally = sharingEntries(loopTally);
    const logger = createLogger({ level: 'silent', name: 'wallet-activities' });
    const activities = createWalletActivities({
      orm: api.orm,
      logger,
      config: { encryptionKey: Buffer.alloc(32) },
      usageTally: workflowTally,
    });
    const ref = { tenantId: tenant.tenantId, walletId: meter.walletId };
    const loopCheck = () =>
      checkWalletBalance(api.orm, { ...ref, now: wallClock.now(), tally: loopTally, owedInvoices: 'leave' });
    const workflowCheck = () => activities.checkWalletBalance({ ...ref, now: wallClock.now().toISOString() });

    // 40 × 0.1 GB = 1.00: the loop's first check reads every event and starts the running aggregate.
    await use(meter, 40, 0.1);
    const first = await loopCheck();
    expect(first.ongoing?.ongoingCredits).toBe(900_000n);
    expect(loopTally.counts).toMatchObject({ whole: 1, tallied: 0 });

    // 6 GB more (7.5 credits left): the workflow's check, woken by a change, adds only these to the loop's aggregate.
    await use(meter, 20, 0.3);
    await workflowCheck();
    expect(workflowTally.counts).toMatchObject({ whole: 0, tallied: 1 });
    expect(await alertsOf(meter.walletId)).toEqual([]);

    // 8 GB more (5.5 left, at or below 6): the workflow's check tells wallet.low_balance at the exact balance, once.
    await use(meter, 8, 1);
    await workflowCheck();
    const low = `wallet.low_balance at ${await exactOngoingCredits(meter.walletId)}`;
    expect(low).toBe('wallet.low_balance at 5.5');
    expect(await alertsOf(meter.walletId)).toEqual([low]);
    await workflowCheck();
    await loopCheck();
    expect(await alertsOf(meter.walletId)).toEqual([low]);

    // A grant of 10 (15.5 left) raises it above: the check it wakes clears the alert, so the next fall tells again.
    const granted = await call('POST', '/wallets/transactions', {
      body: { walletId: meter.walletId, grantedCredits: 10 },
    });
    expect(granted.status).toBe(201);
    await workflowCheck();
    // 62 GB = 15.50: to 0 at once, both crossings told by the workflow's check, at the balance of every event.
    await use(meter, 31, 2);
    await workflowCheck();
    const depleted = await exactOngoingCredits(meter.walletId);
    expect(depleted).toBe(0);
    expect(await alertsOf(meter.walletId)).toEqual([low, 'wallet.low_balance at 0', 'wallet.depleted at 0']);
    const exact = await readOngoingWallet(tenantSql(api.orm, tenant.tenantId), meter.walletId);
    expect((await loopCheck()).ongoing).toEqual(exact.ongoing);

    // Every read of the workflow's checks came from the running aggregates the loop had started.
    expect(workflowTally.counts.whole).toBe(0);
    expect(workflowTally.counts.tallied).toBe(5);
  });
});
