import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createActivities } from '../../../activities';
import type { Clock } from '../../../domain/clock';
import { createLogger } from '../../../infra/logger';
import { createCustomerThroughApi } from '../../../test/fixtures/resource-test';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { apiClient, type ApiCall, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { startRunningWorker, type RunningWorker } from '../../../test/harness/running-worker';
import {
  createTestWorker,
  createTimeSkippingTestServer,
  TIME_SKIPPING_NAMESPACE,
  uniqueTaskQueue,
} from '../../../test/harness/temporal-env';
import { waitForValue } from '../../../test/harness/wait-for';

/**
 * One scenario, two clocks, equal results: the same calls through the API, once for a customer on a test clock
 * (the dev server, the clock's advances) and once for an ordinary customer on the time-skipping test server (its
 * ordinary timers, the app's clock following the server's time). The invoices must agree in order, lines, amounts
 * and dates; only their numbers differ, by the clock's own sequence.
 */

const DAY_MS = 86_400_000;
const START = new Date('2027-01-31T00:00:00.000Z');
const at = (days: number) => new Date(START.getTime() + days * DAY_MS);
const WAIT_MS = 120_000;

/** How a run moves time forward and which customers it makes. */
interface Run {
  call: ApiCall;
  customer: Json;
  advanceTo(instant: Date): Promise<void>;
}

interface InvoiceSummary {
  number: string;
  lines: unknown[];
  subtotal: unknown;
  total: unknown;
  dates: (string | null)[];
}

/**
 * The ordinary run dates its work when a timer fires, a few real milliseconds after the instant it was set for;
 * the clock dates it at the instant itself. Every instant of the scenario is a whole minute, so dates are compared
 * to the minute.
 */
const toMinute = (value: unknown): string | null =>
  typeof value === 'string' ? new Date(Math.floor(Date.parse(value) / 60_000) * 60_000).toISOString() : null;

/** A monthly 30.00 in-advance plan with calls at 1.00 each; usage between moves; a year. */
async function scenario(run: Run): Promise<InvoiceSummary[]> {
  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await run.call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const get = async (path: string): Promise<Json> => (await run.call('GET', path)).body;
  const metric = await created('/billable-metrics', {
    name: 'Calls',
    code: 'calls',
    aggregationType: 'SUM',
    fieldName: 'units',
  });
  const plan = await created('/plans', {
    name: 'Monthly',
    code: 'monthly',
    billingInterval: 'MONTHLY',
    billingTiming: 'IN_ADVANCE',
    trialDays: 0,
    prices: [{ currency: 'USD', amount: 30 }],
  });
  await created('/charges', { planId: plan.id, billableMetricId: metric.id, chargeModel: 'STANDARD', amount: 1 });
  const customerId = await createCustomerThroughApi(run.call, run.customer);
  const subscription = await created('/subscriptions', { customerId, planId: plan.id, currency: 'USD' });
  const subscriptionId = String(subscription.id);
  const invoices = async () => (await get(`/invoices?subscriptionId=${subscriptionId}&limit=100`)).data as Json[];

  /** Moves time and waits until the subscription has renewed up to it (the clock's READY already says so). */
  const moveTo = async (instant: Date) => {
    await run.advanceTo(instant);
    await waitForValue(
      `renewals up to ${instant.toISOString()}`,
      async () => {
        const current = await get(`/subscriptions/${subscriptionId}`);
        if (Date.parse(String(current.currentPeriodEnd)) <= instant.getTime()) return undefined;
        const opened = (await invoices()).some((invoice) =>
          (invoice.lines as Json[]).some(
            (line) => line.type === 'SUBSCRIPTION' && line.periodStart === current.currentPeriodStart,
          ),
        );
        return opened ? true : undefined;
      },
      WAIT_MS,
    );
  };
  const send = (transactionId: string, units: number) =>
    created('/events', { transactionId, subscriptionId, code: 'calls', properties: { units } });

  await moveTo(at(10));
  await send('first', 5);
  await moveTo(at(40));
  await send('second', 7);
  await send('third', 2);
  await moveTo(at(365));

  return (await invoices())
    .map((invoice) => ({
      number: String(invoice.number),
      lines: (invoice.lines as Json[]).map((line) => [
        line.type,
        line.description,
        line.quantity,
        line.amount,
        line.periodStart,
        line.periodEnd,
      ]),
      subtotal: invoice.subtotal,
      total: invoice.total,
      dates: [invoice.issuedAt, invoice.dueDate, invoice.createdAt].map(toMinute),
    }))
    .sort((a, b) => a.number.localeCompare(b.number));
}

describe('one scenario on a test clock and on ordinary timers', () => {
  const logger = createLogger({ level: 'silent', name: 'equal-results' });
  const clockQueue = uniqueTaskQueue('equal-results-clock');
  const timerQueue = uniqueTaskQueue('equal-results-timers');
  let clockApi: TestApi;
  let clockWorker: RunningWorker;
  let timerApi: TestApi;
  let timerEnv: TestWorkflowEnvironment;
  let timerWorker: Worker;
  let timerRunning: Promise<void>;
  // The ordinary run's app reads this: the instant the scenario last moved the test server to.
  let timerNow = START;
  const followingClock: Clock = { now: () => new Date(timerNow) };

  beforeAll(async () => {
    clockApi = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: clockQueue } });
    clockWorker = await startRunningWorker({ orm: clockApi.orm, taskQueue: clockQueue });
    const server = await createTimeSkippingTestServer();
    timerEnv = server.env;
    timerApi = await startTestApi({
      env: {
        TEMPORAL_TASK_QUEUE: timerQueue,
        TEMPORAL_ADDRESS: server.address,
        TEMPORAL_NAMESPACE: TIME_SKIPPING_NAMESPACE,
      },
      clock: followingClock,
    });
    timerWorker = await createTestWorker({
      env: timerEnv,
      taskQueue: timerQueue,
      activities: createActivities({ orm: timerApi.orm, logger }),
    });
    timerRunning = timerWorker.run();
  });
  afterAll(async () => {
    timerWorker.shutdown();
    await timerRunning;
    await timerApi.close();
    await timerEnv.teardown();
    await clockWorker.stop();
    await clockApi.close();
  });

  /** A tenant of `api`'s with no dunning reminders (no mail here) and nothing written off within the year. */
  async function tenantCall(api: TestApi): Promise<ApiCall> {
    const tenant = await createTenantFixture(api.orm, api.config);
    const settings = { dunning: { reminderDays: [], uncollectibleAfterDays: 365 } };
    const patched = await apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.accessToken }))(
      'PATCH',
      '/tenants/me',
      { body: { settings } },
    );
    if (patched.status !== 200) throw new Error(`PATCH /tenants/me: ${patched.status}`);
    return apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  }

  it(
    'produces the same invoices: order, lines, amounts and dates; numbers differ only by the clock sequence',
    async () => {
      // Ordinary timers: the test server moved to the start, the app's clock following it.
      const sleepUntil = async (instant: Date) => {
        const waitMs = instant.getTime() - (await timerEnv.currentTimeMs());
        if (waitMs > 0) await timerEnv.sleep(waitMs);
        timerNow = instant;
      };
      await sleepUntil(START);
      const timerCall = await tenantCall(timerApi);
      const onTimers = await scenario({ call: timerCall, customer: {}, advanceTo: sleepUntil });

      // The same on a test clock created at the same instant.
      const clockCall = await tenantCall(clockApi);
      const clock = await clockCall('POST', '/test-clocks', { body: { frozenTime: START.toISOString() } });
      const clockId = String(clock.body.id);
      const onClock = await scenario({
        call: clockCall,
        customer: { testClockId: clockId },
        advanceTo: async (instant) => {
          const reply = await clockCall('POST', `/test-clocks/${clockId}/advance`, {
            body: { frozenTime: instant.toISOString() },
          });
          if (reply.status !== 200) throw new Error(`advance: ${reply.status} ${JSON.stringify(reply.body)}`);
          await waitForValue(
            'the clock READY',
            async () =>
              (await clockCall('GET', `/test-clocks/${clockId}`)).body.status === 'READY' ? true : undefined,
            WAIT_MS,
          );
        },
      });

      // The tenant's real numbering, by year of issue, on timers; the clock's own sequence on the clock.
      expect(onTimers.map((invoice) => invoice.number)).toEqual([
        ...Array.from({ length: 14 }, (_, index) => `INV-2027-${String(index + 1).padStart(6, '0')}`),
        'INV-2028-000001',
      ]);
      // What both produced: 13 renewals on the month ends, and the usage of the first two periods at their ends.
      const firstLines = onTimers.map((invoice) => invoice.lines[0] as unknown[]);
      expect(firstLines.filter((line) => line[0] === 'SUBSCRIPTION').map((line) => line[4])).toEqual(
        ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31', '2027-06-30', '2027-07-31']
          .concat(['2027-08-31', '2027-09-30', '2027-10-31', '2027-11-30', '2027-12-31', '2028-01-31'])
          .map((day) => `${day}T00:00:00.000Z`),
      );
      expect(firstLines.filter((line) => line[0] === 'USAGE').map((line) => [line[3], line[4]])).toEqual([
        [5, '2027-01-31T00:00:00.000Z'],
        [9, '2027-02-28T00:00:00.000Z'],
      ]);
      const tag = clockId.slice(-8);
      expect(onClock.map((invoice) => invoice.number)).toEqual(
        onClock.map((_, index) => `INV-TEST-${tag}-${String(index + 1).padStart(6, '0')}`),
      );
      const withoutNumber = ({ number: _number, ...rest }: InvoiceSummary) => rest;
      expect(onClock.map(withoutNumber)).toEqual(onTimers.map(withoutNumber));
    },
    5 * 60_000,
  );
});
