import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  addUtcMonths,
  useScenarioSuite,
  DAY_MS,
  scenarioWorker,
  sleepUntil,
  waitFor,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';

const iso = (text: string): string => new Date(text).toISOString();

describe('subscriptionWorkflow calendar (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  beforeAll(() => {
    ({ env, scenario } = suite);
  });

  async function runAnchored(options: { timezone: string; periodStart: string; periodEnd: string; until: string }) {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const customerId = await scenario.createCustomer(options.timezone);
    const planId = await scenario.createPlan({ name: 'Basic', amountMinor: 3000n });
    const periodStart = new Date(options.periodStart);
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId,
      status: 'ACTIVE',
      periodStart,
      periodEnd: new Date(options.periodEnd),
    });
    await sleepUntil(env, periodStart);
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(options.until));
      await waitFor(
        () => scenario.invoices(subscriptionId),
        (list) => list.length >= 4,
      );
    });
    const invoices = await scenario.invoices(subscriptionId);
    return invoices.map((invoice) => [invoice.lines[0]?.period_start, invoice.lines[0]?.period_end]);
  }

  test('anchor Jan 31 in New York: Feb 28, Mar 31, Apr 30 at local midnight across the DST change', async () => {
    // Local midnight is 05:00Z in winter (EST) and 04:00Z from March 14, 2027 (EDT).
    const periods = await runAnchored({
      timezone: 'America/New_York',
      periodStart: '2027-01-31T05:00:00.000Z',
      periodEnd: '2027-02-28T05:00:00.000Z',
      until: '2027-04-30T12:00:00.000Z',
    });
    expect(periods).toEqual([
      [iso('2027-01-31T05:00:00Z'), iso('2027-02-28T05:00:00Z')],
      [iso('2027-02-28T05:00:00Z'), iso('2027-03-31T04:00:00Z')],
      [iso('2027-03-31T04:00:00Z'), iso('2027-04-30T04:00:00Z')],
      [iso('2027-04-30T04:00:00Z'), iso('2027-05-31T04:00:00Z')],
    ]);
  });

  test('anchor Jan 31, 2028 (leap year): Feb 29, Mar 31, Apr 30', async () => {
    const periods = await runAnchored({
      timezone: 'UTC',
      periodStart: '2028-01-31T00:00:00.000Z',
      periodEnd: '2028-02-29T00:00:00.000Z',
      until: '2028-04-30T12:00:00.000Z',
    });
    expect(periods).toEqual([
      [iso('2028-01-31T00:00:00Z'), iso('2028-02-29T00:00:00Z')],
      [iso('2028-02-29T00:00:00Z'), iso('2028-03-31T00:00:00Z')],
      [iso('2028-03-31T00:00:00Z'), iso('2028-04-30T00:00:00Z')],
      [iso('2028-04-30T00:00:00Z'), iso('2028-05-31T00:00:00Z')],
    ]);
  });

  test('24 renewals: 25 contiguous invoices, a new run per period, each run with a short history', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const now = new Date(await env.currentTimeMs());
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const customerId = await scenario.createCustomer();
    const planId = await scenario.createPlan({ name: 'Basic', amountMinor: 3000n });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId,
      status: 'ACTIVE',
      periodStart: start,
      periodEnd: addUtcMonths(start, 1),
    });
    await sleepUntil(env, start);
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      const firstRunId = (await handle.describe()).runId;
      await sleepUntil(env, new Date(addUtcMonths(start, 24).getTime() + DAY_MS));
      const invoices = await waitFor(
        () => scenario.invoices(subscriptionId),
        (list) => list.length >= 25,
        60_000,
      );
      expect(invoices.map((invoice) => invoice.lines[0]?.period_start)).toEqual(
        Array.from({ length: 25 }, (_, months) => addUtcMonths(start, months).toISOString()),
      );
      expect(invoices.every((invoice) => invoice.total_minor === '3000')).toBe(true);
      const events = await scenario.events(subscriptionId);
      expect(events.filter((event) => event === 'subscription.renewed')).toHaveLength(24);
      const latest = env.client.workflow.getHandle(handle.workflowId);
      expect((await latest.describe()).runId).not.toBe(firstRunId);
      // One period per run: the history never grows with the subscription's age.
      expect((await latest.fetchHistory()).events?.length).toBeLessThan(60);
    });
  }, 120_000);
});
