import pino from 'pino';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { waitUntil } from '../../../test/harness/wait-for';
import { wallClock } from '../../../infra/wall-clock';
import { startWalletUsageChecks, type WalletUsageChecks } from './wallet-usage-checks';

/** An alert must be recorded within this long of the answer to the request that crossed. */
const ALERT_WITHIN_MS = 5_000;

/**
 * The worker's usage checks alone (no Temporal worker): POST /events sends one NOTIFY per request on commit, and the
 * loop LISTENing on it checks the customers' wallets, coalescing a burst into a check a second, and sweeps at start
 * what was recorded while it did not listen.
 */
describe('wallet usage checks', () => {
  const { api, call, createCustomer, sql, tenant } = setUpResourceTest();
  let checks: WalletUsageChecks | undefined;
  let checked: string[] = [];

  /** Starts the loop on the test's tenant; each check's wallet id goes to `checked`. */
  async function startChecks(): Promise<WalletUsageChecks> {
    const logger = pino(
      { level: 'debug' },
      {
        write: (line: string) => {
          const entry = JSON.parse(line) as { msg?: string; walletId?: string };
          if (entry.msg === 'wallet checked' && entry.walletId !== undefined) checked.push(entry.walletId);
        },
      },
    );
    checks = startWalletUsageChecks({ orm: api.orm, logger, clock: wallClock, tenantIds: new Set([tenant.tenantId]) });
    await checks.ready;
    return checks;
  }
  afterEach(async () => {
    await checks?.stop();
    checks = undefined;
    checked = [];
  });

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
  /** One POST /events of `gb` GB; resolves with the instant it was answered. */
  async function useOnce(meter: { subscriptionId: string; code: string }, gb: number): Promise<number> {
    const body = {
      transactionId: `usage-check-${++sent}`,
      subscriptionId: meter.subscriptionId,
      code: meter.code,
      properties: { gb },
    };
    const reply = await call('POST', '/events', { body });
    expect(reply.status).toBe(201);
    return Date.now();
  }

  const alertsOf = async (walletId: string) =>
    (
      await sql<{ event_type: string }>(
        `select event_type from $schema.webhook_events
          where event_type in ('wallet.low_balance', 'wallet.depleted') and data->>'id' = ? order by occurred_at, id`,
        [walletId],
      )
    ).map((row) => row.event_type);

  async function alertWithin(walletId: string, alerts: string[], since: number): Promise<number> {
    await waitUntil(
      `alerts ${alerts.join(', ')}`,
      async () => (await alertsOf(walletId)).length >= alerts.length,
      15_000,
    );
    expect(await alertsOf(walletId)).toEqual(alerts);
    return Date.now() - since;
  }

  it('tells low_balance, then depleted, once each, within 5 s of the single event that crossed', async () => {
    const meter = await meteredWallet();
    const running = await startChecks();

    // 18 GB: 4.50 used, 5.5 credits ongoing, at or below 6.
    const crossedLow = await useOnce(meter, 18);
    expect(await alertWithin(meter.walletId, ['wallet.low_balance'], crossedLow)).toBeLessThan(ALERT_WITHIN_MS);
    // Lower, above zero: the wallet is checked, nothing new is told.
    await useOnce(meter, 2);
    await running.idle();
    expect(await alertsOf(meter.walletId)).toEqual(['wallet.low_balance']);

    // 20 GB more: 10.00 used in all, the ongoing balance at 0.
    const depleted = await useOnce(meter, 20);
    expect(await alertWithin(meter.walletId, ['wallet.low_balance', 'wallet.depleted'], depleted)).toBeLessThan(
      ALERT_WITHIN_MS,
    );
    // A wallet that has told everything is not read again: more usage makes no check.
    const before = checked.length;
    await useOnce(meter, 4);
    await running.idle();
    expect(checked.length).toBe(before);
    expect(await alertsOf(meter.walletId)).toEqual(['wallet.low_balance', 'wallet.depleted']);
  });

  it('coalesces a burst of requests into a check at most every second, and tells the crossing once', async () => {
    const meter = await meteredWallet();
    const running = await startChecks();
    const burstStarted = Date.now();
    // 20 requests at once of 1 GB each: 5.00 in all, crossing the threshold of 6 credits at the 16th.
    await Promise.all(Array.from({ length: 20 }, () => useOnce(meter, 1)));
    const burstMs = Date.now() - burstStarted;
    await running.idle();
    expect(await alertWithin(meter.walletId, ['wallet.low_balance'], burstStarted)).toBeLessThan(
      ALERT_WITHIN_MS + burstMs,
    );
    const checks = checked.filter((walletId) => walletId === meter.walletId).length;
    expect(checks).toBeGreaterThanOrEqual(1);
    // One at the first notification, one more for those noted while it ran, one a second while the burst lasts.
    expect(checks).toBeLessThanOrEqual(2 + Math.ceil(burstMs / 1_000));
  });

  it('sweeps at start the wallets whose crossing was recorded while no loop listened', async () => {
    const meter = await meteredWallet();
    await useOnce(meter, 40);
    const started = Date.now();
    await startChecks();
    expect(await alertWithin(meter.walletId, ['wallet.low_balance', 'wallet.depleted'], started)).toBeLessThan(
      ALERT_WITHIN_MS,
    );
  });
});
