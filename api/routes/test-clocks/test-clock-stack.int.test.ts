import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { childProcessEnv } from '../../../test/harness/child-env';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { Json } from '../../../test/harness/api-client';
import { waitForValue } from '../../../test/harness/wait-for';

/**
 * Test clocks through the real API on the dev server: the app, a worker of the real workflows and activities on
 * the app's task queue, and nothing but HTTP calls for the scenario. The clock's time is simulated; the dev server's
 * own clock stays real, so nothing here could pass by waiting on a timer.
 */

const CLOCK_START = '2026-01-31T00:00:00.000Z';
const READY_TIMEOUT_MS = 90_000;
const iso = (day: string): string => new Date(`${day}T00:00:00.000Z`).toISOString();
const MONTH_ENDS = [
  '2026-01-31',
  '2026-02-28',
  '2026-03-31',
  '2026-04-30',
  '2026-05-31',
  '2026-06-30',
  '2026-07-31',
  '2026-08-31',
  '2026-09-30',
  '2026-10-31',
  '2026-11-30',
  '2026-12-31',
  '2027-01-31',
].map(iso);

describe('test clocks through the API, with a worker on the dev server', () => {
  const { api, call, tenant, createCustomer } = setUpResourceTest({ worker: true });

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([path, reply.status, reply.body]).toEqual([path, 201, expect.anything()]);
    return reply.body;
  };
  const read = async (path: string): Promise<Json> => {
    const reply = await call('GET', path);
    expect([path, reply.status]).toEqual([path, 200]);
    return reply.body;
  };
  const list = async (path: string): Promise<Json[]> => (await read(path)).data as Json[];

  /** POST .../advance, then GET the clock until READY (bounded). */
  async function advance(clockId: string, day: string): Promise<void> {
    const reply = await call('POST', `/test-clocks/${clockId}/advance`, { body: { frozenTime: iso(day) } });
    expect([reply.status, reply.body.status]).toEqual([200, 'ADVANCING']);
    const clock = await waitForValue(
      `clock ${clockId} READY at ${day}`,
      async () => {
        const body = await read(`/test-clocks/${clockId}`);
        return body.status === 'READY' ? body : undefined;
      },
      READY_TIMEOUT_MS,
    );
    expect(clock.frozenTime).toBe(iso(day));
  }

  async function monthlyPlan(code: string, extra: Json = {}): Promise<string> {
    const plan = await created('/plans', {
      name: code,
      code,
      billingInterval: 'MONTHLY',
      billingTiming: 'IN_ADVANCE',
      trialDays: 0,
      prices: [{ currency: 'USD', amount: 30 }],
      ...extra,
    });
    return String(plan.id);
  }

  const invoicesOf = async (subscriptionId: string): Promise<Json[]> =>
    (await list(`/invoices?subscriptionId=${subscriptionId}&limit=100`)).sort((a, b) =>
      String(a.number).localeCompare(String(b.number)),
    );
  const linesOf = (invoice: Json) =>
    (invoice.lines as Json[]).map((line) => [line.type, line.amount, line.periodStart, line.periodEnd]);

  it(
    'a year on a clock: month-end renewals dated on the clock, usage on its period, a trial, a cancellation, dunning',
    async () => {
      // Due 5 days after issue, written off 10 days after the due date; no reminders (no mail here).
      expect(
        (
          await call('PATCH', '/tenants/me', {
            token: tenant.accessToken,
            body: {
              settings: {
                netPaymentTerms: 5,
                dunning: { reminderDays: [], uncollectibleAfterDays: 10, cancelSubscription: false },
              },
            },
          })
        ).status,
      ).toBe(200);
      const clock = await created('/test-clocks', { name: 'A year', frozenTime: CLOCK_START });
      const clockId = String(clock.id);
      const [renewing, trialing, leaving] = [
        await createCustomer({ testClockId: clockId }),
        await createCustomer({ testClockId: clockId }),
        await createCustomer({ testClockId: clockId }),
      ];
      const plain = await createCustomer();

      const metric = await created('/billable-metrics', {
        name: 'Calls',
        code: 'calls',
        aggregationType: 'SUM',
        fieldName: 'units',
      });
      const planId = await monthlyPlan('monthly');
      await created('/charges', { planId, billableMetricId: metric.id, chargeModel: 'STANDARD', amount: 1 });
      const trialPlanId = await monthlyPlan('trial', { trialDays: 14 });

      const subscribe = async (customerId: string, plan: string) =>
        created('/subscriptions', { customerId, planId: plan, currency: 'USD' });
      const monthly = await subscribe(renewing, planId);
      expect(monthly).toMatchObject({ currentPeriodStart: CLOCK_START, currentPeriodEnd: iso('2026-02-28') });
      const trial = await subscribe(trialing, trialPlanId);
      expect(trial).toMatchObject({ status: 'TRIALING', currentPeriodEnd: iso('2026-02-14') });
      const canceled = await subscribe(leaving, planId);
      const cancel = await call('POST', `/subscriptions/${String(canceled.id)}/cancel`, {
        body: { cancelAt: 'period_end' },
      });
      expect(cancel.status).toBe(200);

      // GET /customers lists clock customers like any other, and filters by clock.
      const onClock = await list(`/customers?testClockId=${clockId}&limit=100`);
      expect(onClock.map((customer) => customer.id).sort()).toEqual([renewing, trialing, leaving].sort());
      expect(onClock.every((customer) => customer.createdAt === CLOCK_START)).toBe(true);
      const everyone = (await list('/customers?limit=100')).map((customer) => customer.id);
      expect(everyone).toEqual(expect.arrayContaining([renewing, trialing, leaving, plain]));

      // A wallet topped up weekly by itself, expiring 30 days after the clock's start.
      const wallet = await created('/wallets', {
        customerId: leaving,
        grantedCredits: 10,
        expirationAt: iso('2026-03-02'),
        recurringTopUps: [{ trigger: 'INTERVAL', interval: 'WEEKLY', method: 'FIXED', grantedCredits: 5 }],
      });
      const walletTopUps = async () =>
        (await list(`/wallets/${String(wallet.id)}/transactions?limit=100`))
          .filter((transaction) => transaction.trigger !== 'MANUAL' && transaction.source === 'GRANT')
          .map((transaction) => [transaction.source, transaction.creditAmount, transaction.createdAt])
          .sort((a, b) => String(a[2]).localeCompare(String(b[2])));

      // Usage sent between advances, at the clock's time: 5 units in the first period, 7 in the second.
      const send = async (transactionId: string, units: number) =>
        created('/events', { transactionId, subscriptionId: monthly.id, code: 'calls', properties: { units } });
      await advance(clockId, '2026-02-10');
      expect(await send('first-period', 5)).toMatchObject({ timestamp: iso('2026-02-10') });
      expect(await walletTopUps()).toEqual([['GRANT', 5, iso('2026-02-07')]]);
      await advance(clockId, '2026-03-10');
      expect(await send('second-period', 7)).toMatchObject({ timestamp: iso('2026-03-10') });
      // Topped up on each weekly firing up to its expiry, then expired on the clock's day, balance gone.
      expect(await walletTopUps()).toEqual(
        ['2026-02-07', '2026-02-14', '2026-02-21', '2026-02-28'].map((day) => ['GRANT', 5, iso(day)]),
      );
      expect(await read(`/wallets/${String(wallet.id)}`)).toMatchObject({
        status: 'TERMINATED',
        terminatedAt: iso('2026-03-02'),
        creditsBalance: 0,
      });
      await advance(clockId, '2027-01-31');

      // 13 renewals on the month ends, each issued and created on its day, numbered in the clock's sequence.
      const invoices = await invoicesOf(String(monthly.id));
      const renewals = invoices.filter((invoice) => (invoice.lines as Json[])[0]?.type === 'SUBSCRIPTION');
      expect(renewals.map((invoice) => invoice.issuedAt)).toEqual(MONTH_ENDS);
      expect(renewals.map((invoice) => invoice.createdAt)).toEqual(MONTH_ENDS);
      expect(renewals.map(linesOf)).toEqual(
        MONTH_ENDS.map((start, index) => [['SUBSCRIPTION', 30, start, MONTH_ENDS[index + 1] ?? iso('2027-02-28')]]),
      );
      expect(invoices.every((invoice) => /^INV-TEST-[0-9A-Z]{8}-\d{6}$/.test(String(invoice.number)))).toBe(true);
      // The usage of each period on the invoice issued at its end, and only there.
      const usage = invoices.filter((invoice) => (invoice.lines as Json[])[0]?.type === 'USAGE');
      expect(usage.map((invoice) => [invoice.issuedAt, linesOf(invoice)])).toEqual([
        [MONTH_ENDS[1], [['USAGE', 5, MONTH_ENDS[0], MONTH_ENDS[1]]]],
        [MONTH_ENDS[2], [['USAGE', 7, MONTH_ENDS[1], MONTH_ENDS[2]]]],
      ]);
      // Dunning on the clock: due 5 days after issue, written off 10 days later; the last one is not due yet.
      expect(invoices.map((invoice) => invoice.status)).toEqual([
        ...invoices.slice(0, -1).map(() => 'UNCOLLECTIBLE'),
        'OPEN',
      ]);
      expect(renewals.map((invoice) => invoice.dueDate)).toEqual(
        MONTH_ENDS.map((day) => new Date(Date.parse(day) + 5 * 86_400_000).toISOString()),
      );
      await waitForValue('the subscription PAST_DUE', async () =>
        (await read(`/subscriptions/${String(monthly.id)}`)).status === 'PAST_DUE' ? true : undefined,
      );

      // The trial converted at its end: the first paid period starts on Feb 14, renewed on the 14th since.
      expect(await read(`/subscriptions/${String(trial.id)}`)).toMatchObject({
        status: expect.stringMatching(/^(ACTIVE|PAST_DUE)$/) as unknown,
        currentPeriodStart: iso('2027-01-14'),
        currentPeriodEnd: iso('2027-02-14'),
      });
      const trialInvoices = await invoicesOf(String(trial.id));
      expect(trialInvoices[0]).toMatchObject({ issuedAt: iso('2026-02-14'), total: 30 });
      expect(trialInvoices).toHaveLength(12);

      // The cancellation at period end happened at the period end, after the one invoice.
      expect(await read(`/subscriptions/${String(canceled.id)}`)).toMatchObject({
        status: 'CANCELED',
        canceledAt: iso('2026-02-28'),
      });
      expect((await invoicesOf(String(canceled.id))).map((invoice) => invoice.issuedAt)).toEqual([CLOCK_START]);
    },
    5 * 60_000,
  );

  it(
    'advanced at once after subscribing: the first invoice’s due date makes the subscription past due then',
    async () => {
      const settings = {
        netPaymentTerms: 5,
        dunning: { reminderDays: [], uncollectibleAfterDays: 10, cancelSubscription: false },
      };
      expect((await call('PATCH', '/tenants/me', { token: tenant.accessToken, body: { settings } })).status).toBe(200);
      const clockId = String((await created('/test-clocks', { name: 'At once', frozenTime: CLOCK_START })).id);
      const customerId = await createCustomer({ testClockId: clockId });
      const planId = await monthlyPlan('at-once');
      const subscription = await created('/subscriptions', { customerId, planId, currency: 'USD' });
      // No wait for the first invoice: the advance starts while the subscription's workflow issues it.
      await advance(clockId, '2026-02-10');
      const pastDue = await call(
        'GET',
        `/tenants/me/webhook-events?event=subscription.past_due&testClockId=${clockId}`,
        {
          token: tenant.accessToken,
        },
      );
      expect((pastDue.body.data as Json[]).map((event) => event.occurredAt)).toEqual([iso('2026-02-05')]);
      expect(await read(`/subscriptions/${String(subscription.id)}`)).toMatchObject({ status: 'PAST_DUE' });
      const [first] = await invoicesOf(String(subscription.id));
      expect(first).toMatchObject({ issuedAt: CLOCK_START, dueDate: iso('2026-02-05'), status: 'OPEN' });
    },
    2 * 60_000,
  );

  it(
    'docs/test-clocks.md: the walk-through runs as written (bash -euo pipefail, curl, jq)',
    async () => {
      const guide = await readFile(join(__dirname, '..', '..', '..', 'docs', 'test-clocks.md'), 'utf8');
      const blocks = [...guide.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
      expect(blocks).toHaveLength(1);
      const directory = await mkdtemp(join(tmpdir(), 'test-clock-guide-'));
      try {
        const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', blocks.join('\n')], {
          cwd: directory,
          env: childProcessEnv({ API: `${api.url}/api`, API_KEY: tenant.apiKey }),
          timeout: 4 * 60_000,
        });
        expect(stdout).toMatch(
          /"number":"INV-TEST-[0-9A-Z]{8}-000001","issuedAt":"2027-01-31T00:00:00.000Z","total":30/,
        );
        expect(stdout).toMatch(/"customerCount":1}\n{"statusCode":404,"error":"customer_not_found"}\n$/);
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
    5 * 60_000,
  );
});
