import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities';
import { tenantSql } from '../../infra/db/tenant-sql';
import { createTestWorker } from '../../test/harness/temporal-env';
import { createUsageCatalog, repeated, type UsageCatalog } from '../../test/fixtures/usage-catalog';
import {
  addUtcMonths,
  DAY_MS,
  nextLongMonthStart,
  scenarioWorker,
  sleepUntil,
  terms,
  useScenarioSuite,
  waitFor,
  type PlanSpec,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import {
  cancelSubscriptionUpdate,
  changeSubscriptionPlanUpdate,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
} from './messages';

type Invoices = Awaited<ReturnType<Scenario['invoices']>>;
const linesOf = (invoice: Invoices[number] | undefined) =>
  (invoice?.lines ?? []).map((line) => [line.type, line.description, line.amount_minor]);

describe('subscriptionWorkflow usage billing (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  let catalog: UsageCatalog;
  beforeAll(() => {
    ({ env, scenario } = suite);
    catalog = createUsageCatalog(tenantSql(suite.orm, suite.tenantId));
  });

  /**
   * A plan with two charges: API calls (COUNT; region eu at 0.05, the rest at 0.01; minimum 5.00) and payment fees
   * (PERCENTAGE of the SUM of `amount`: 1 % + 0.10 per payment, clamped to 0.50..5.00).
   */
  async function meteredPlan(spec: Omit<PlanSpec, 'name'> & { name?: string }) {
    const planId = await scenario.createPlan({ name: 'Metered', ...spec });
    const { calls, payments } = await catalog.meteredCharges(planId);
    return { planId, calls, payments };
  }

  async function subscribe(spec: Omit<PlanSpec, 'name'> & { name?: string }) {
    const start = nextLongMonthStart(await env.currentTimeMs());
    const end = addUtcMonths(start, 1);
    const customerId = await scenario.createCustomer();
    const plan = await meteredPlan(spec);
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId: plan.planId,
      status: 'ACTIVE',
      periodStart: start,
      periodEnd: end,
    });
    await sleepUntil(env, start);
    const day = (days: number, hours = 12) => new Date(start.getTime() + days * DAY_MS + hours * 3_600_000);
    return { ...plan, start, end, customerId, subscriptionId, owner: { id: subscriptionId, customerId }, day };
  }

  /** The known answers: 10 eu, 20 us and 5 unfiltered calls; payments of 10.00, 200.00 and 1,000.00. */
  const knownUsage = (plan: { calls: string; payments: string }, at: Date) => [
    ...repeated(10, { code: plan.calls, timestamp: at, properties: { region: 'eu' } }),
    ...repeated(20, { code: plan.calls, timestamp: at, properties: { region: 'us' } }),
    ...repeated(5, { code: plan.calls, timestamp: at }),
    { code: plan.payments, timestamp: at, properties: { amount: '10.00' } },
    { code: plan.payments, timestamp: at, properties: { amount: '200.00' } },
    { code: plan.payments, timestamp: at, properties: { amount: '1000.00' } },
  ];
  const KNOWN_LINES = [
    ['USAGE', 'API calls (region: eu)', '50'],
    ['USAGE', 'API calls (other)', '25'],
    ['USAGE', 'API calls (minimum 5.00)', '425'],
    ['USAGE', 'Payment fees', '760'],
  ];

  const segmentsOf = async (subscriptionId: string) => {
    const rows = await scenario.sql<{
      segment_start: string;
      segment_end: string;
      plan_id: string;
      invoice_id: string;
    }>(
      `select segment_start, segment_end, plan_id, invoice_id from $schema.usage_segments
        where subscription_id = ? order by segment_start`,
      [subscriptionId],
    );
    return rows.map((row) => ({
      ...row,
      segment_start: new Date(row.segment_start),
      segment_end: new Date(row.segment_end),
    }));
  };

  test('the renewal invoice of a plan in arrears carries the period’s USAGE lines, exact to the minor unit', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const plan = await subscribe({ amountMinor: 3000n, timing: 'IN_ARREARS' });
    await catalog.events(plan.owner, knownUsage(plan, plan.day(3)));
    // The next period's events are the next invoice's.
    await catalog.events(
      plan.owner,
      repeated(7, { code: plan.calls, timestamp: plan.end, properties: { region: 'eu' } }),
    );
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId: plan.subscriptionId, customerId: plan.customerId, taskQueue });
      await sleepUntil(env, new Date(plan.end.getTime() + DAY_MS));
      const [renewal] = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list.length === 1,
      );
      expect(linesOf(renewal)).toEqual([['SUBSCRIPTION', 'Metered', '3000'], ...KNOWN_LINES]);
      expect(renewal).toMatchObject({ status: 'OPEN', total_minor: '4260' });
      expect(renewal?.lines.map((line) => [line.period_start, line.period_end])).toEqual(
        Array.from({ length: 5 }, () => [plan.start.toISOString(), plan.end.toISOString()]),
      );
      expect(await segmentsOf(plan.subscriptionId)).toEqual([
        { segment_start: plan.start, segment_end: plan.end, plan_id: plan.planId, invoice_id: renewal?.id },
      ]);
    });
  });

  test('in advance: the fee at the start, the period’s usage on an invoice of its own at the close', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const plan = await subscribe({ amountMinor: 3000n, timing: 'IN_ADVANCE' });
    await catalog.events(plan.owner, knownUsage(plan, plan.day(3)));
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId: plan.subscriptionId, customerId: plan.customerId, taskQueue });
      await sleepUntil(env, new Date(plan.end.getTime() + DAY_MS));
      const invoices = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list.length === 3,
      );
      expect(invoices.map(linesOf)).toEqual([
        [['SUBSCRIPTION', 'Metered', '3000']],
        KNOWN_LINES,
        [['SUBSCRIPTION', 'Metered', '3000']],
      ]);
      expect(invoices[1]?.total_minor).toBe('1260');
    });
  });

  test('pause and cancel now each close the segment and bill it at once', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const plan = await subscribe({ amountMinor: 3100n, timing: 'IN_ARREARS' });
    await catalog.events(
      plan.owner,
      repeated(600, { code: plan.calls, timestamp: plan.day(2), properties: { region: 'us' } }),
    );
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({
        subscriptionId: plan.subscriptionId,
        customerId: plan.customerId,
        taskQueue,
      });
      await sleepUntil(env, plan.day(10, 0));
      await handle.executeUpdate(pauseSubscriptionUpdate);
      // Days 1-10 of 31: 31.00 × 10/31 = 10.00, and the 600 calls (above the minimum of 5.00 × 10/31 = 1.61).
      const [paused] = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list.length === 1,
      );
      expect(linesOf(paused)).toEqual([
        ['PRORATION', 'Metered (10 of 31 days)', '1000'],
        ['USAGE', 'API calls (other)', '600'],
      ]);
      await sleepUntil(env, plan.day(12, 0));
      await handle.executeUpdate(resumeSubscriptionUpdate);
      const resumedAt = new Date(String((await scenario.subscription(plan.subscriptionId)).current_period_start));
      await catalog.events(
        plan.owner,
        repeated(3, { code: plan.calls, timestamp: plan.day(13), properties: { region: 'eu' } }),
      );
      await sleepUntil(env, plan.day(15, 0));
      await handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] });
      const invoices = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list.length === 2,
      );
      // Resumed on day 12 (a new 31-day period): 3 days used, so a minimum of 5.00 × 3/31 = 0.48.
      expect(linesOf(invoices[1])).toEqual([
        ['PRORATION', 'Metered (3 of 31 days)', '300'],
        ['USAGE', 'API calls (region: eu)', '15'],
        ['USAGE', 'API calls (minimum 0.48)', '33'],
      ]);
      const segments = await segmentsOf(plan.subscriptionId);
      expect(segments.map((segment) => [segment.segment_start, segment.invoice_id])).toEqual([
        [plan.start, invoices[0]?.id],
        [resumedAt, invoices[1]?.id],
      ]);
    });
  });

  test('a plan change effective now bills the old plan’s usage on its charges; the new plan’s from the change', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const plan = await subscribe({ amountMinor: 3100n, timing: 'IN_ARREARS' });
    const pro = await meteredPlan({ name: 'Pro', amountMinor: 6200n, timing: 'IN_ARREARS' });
    await catalog.events(plan.owner, [
      ...repeated(600, { code: plan.calls, timestamp: plan.day(2) }),
      // The new plan's metrics: no charge of the old plan prices them.
      ...repeated(900, { code: pro.calls, timestamp: plan.day(5) }),
      ...repeated(800, { code: pro.calls, timestamp: plan.day(20) }),
    ]);
    await worker.runUntil(async () => {
      const handle = await scenario.startWorkflow({
        subscriptionId: plan.subscriptionId,
        customerId: plan.customerId,
        taskQueue,
      });
      await sleepUntil(env, plan.day(10, 0));
      await handle.executeUpdate(changeSubscriptionPlanUpdate, {
        args: [{ newPlan: terms(pro.planId, 'Pro', '6200', 'IN_ARREARS'), effective: 'now' }],
      });
      await sleepUntil(env, new Date(plan.end.getTime() + DAY_MS));
      const invoices = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list.length === 2,
      );
      expect(invoices.map(linesOf)).toEqual([
        [
          ['PRORATION', 'Metered (10 of 31 days)', '1000'],
          ['USAGE', 'API calls (other)', '600'],
        ],
        [
          ['PRORATION', 'Pro (21 of 31 days)', '4200'],
          ['USAGE', 'API calls (other)', '800'],
        ],
      ]);
      expect((await segmentsOf(plan.subscriptionId)).map((segment) => segment.plan_id)).toEqual([
        plan.planId,
        pro.planId,
      ]);
    });
  });

  test('trial usage is billed at the trial end, on an invoice of its own', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const start = nextLongMonthStart(await env.currentTimeMs());
    const trialEnd = new Date(start.getTime() + 14 * DAY_MS);
    const customerId = await scenario.createCustomer();
    const plan = await meteredPlan({ amountMinor: 3000n, timing: 'IN_ADVANCE' });
    const subscriptionId = await scenario.insertSubscription({
      customerId,
      planId: plan.planId,
      status: 'TRIALING',
      periodStart: start,
      periodEnd: trialEnd,
    });
    await sleepUntil(env, start);
    await catalog.events({ id: subscriptionId, customerId }, knownUsage(plan, new Date(start.getTime() + DAY_MS)));
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(trialEnd.getTime() + DAY_MS));
      const invoices = await waitFor(
        () => scenario.invoices(subscriptionId),
        (list) => list.length === 2,
      );
      // The trial is its own period: the whole minimum applies, as for any period.
      expect(invoices.map(linesOf)).toEqual([KNOWN_LINES, [['SUBSCRIPTION', 'Metered', '3000']]]);
      expect(invoices[0]?.lines[0]).toMatchObject({
        period_start: start.toISOString(),
        period_end: trialEnd.toISOString(),
      });
    });
  });

  test('a DRAFT held by a grace period picks up a late event when the workflow finalizes it', async () => {
    const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
    const plan = await subscribe({ amountMinor: 3000n, timing: 'IN_ARREARS', gracePeriodDays: 2 });
    await catalog.events(
      plan.owner,
      repeated(600, { code: plan.calls, timestamp: plan.day(3), properties: { region: 'us' } }),
    );
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId: plan.subscriptionId, customerId: plan.customerId, taskQueue });
      await sleepUntil(env, new Date(plan.end.getTime() + DAY_MS));
      const [draft] = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list.length === 1,
      );
      expect(draft).toMatchObject({ status: 'DRAFT', total_minor: '3600' });
      // Sent late, for the last minute of the period, while its invoice is still a DRAFT.
      await catalog.events(
        plan.owner,
        repeated(40, {
          code: plan.calls,
          timestamp: new Date(plan.end.getTime() - 60_000),
          properties: { region: 'eu' },
        }),
      );
      await sleepUntil(env, new Date(plan.end.getTime() + 2 * DAY_MS + 60_000));
      const [finalized] = await waitFor(
        () => scenario.invoices(plan.subscriptionId),
        (list) => list[0]?.status === 'OPEN',
      );
      expect(linesOf(finalized)).toEqual([
        ['SUBSCRIPTION', 'Metered', '3000'],
        ['USAGE', 'API calls (region: eu)', '200'],
        ['USAGE', 'API calls (other)', '600'],
      ]);
      expect(finalized).toMatchObject({ status: 'OPEN', total_minor: '3800' });
    });
  });

  test('a worker shut down while the closing invoice activity hangs after its write: the usage is billed once', async () => {
    const real = scenario.realActivities();
    const plan = await subscribe({ amountMinor: 3000n, timing: 'IN_ARREARS' });
    await catalog.events(plan.owner, knownUsage(plan, plan.day(3)));
    let written = false;
    // The closing invoice is a step of the renewal, which commits as one transaction.
    const hanging: Activities = {
      ...real,
      async applyLifecycleAction(input) {
        const result = await real.applyLifecycleAction(input);
        written = true;
        // The process "dies" here: the result never reaches Temporal; only shutdown's cancellation ends the wait.
        await Context.current().cancelled;
        return result;
      },
    };
    const { worker: first, taskQueue } = await scenarioWorker(env, hanging);
    const firstRun = first.run();
    const handle = await scenario.startWorkflow({
      subscriptionId: plan.subscriptionId,
      customerId: plan.customerId,
      taskQueue,
    });
    await sleepUntil(env, plan.end);
    await waitFor(() => Promise.resolve(written), Boolean);
    expect(written).toBe(true);
    first.shutdown();
    await firstRun;
    // Written into the closed segment behind ingestion's back (which would refuse it): a retry that priced the usage
    // again would show it; the retry returns what the first attempt committed.
    await catalog.events(
      plan.owner,
      repeated(9, { code: plan.calls, timestamp: plan.day(20), properties: { region: 'eu' } }),
    );

    let retried = 0;
    const counting: Activities = {
      ...real,
      applyLifecycleAction: (input) => {
        retried += 1;
        return real.applyLifecycleAction(input);
      },
    };
    const second = await createTestWorker({ env, taskQueue, activities: counting });
    await second.runUntil(async () => {
      const settled = await waitFor(
        async () => retried > 0 && (await handle.describe()).raw.pendingActivities?.length === 0,
        Boolean,
        100_000,
      );
      expect(settled).toBe(true);
      // One invoice.created: the retry found the invoice by its key and priced nothing again.
      expect(await scenario.events(plan.subscriptionId)).toEqual(['invoice.created', 'subscription.renewed']);
      const invoices = await scenario.invoices(plan.subscriptionId);
      expect(invoices.map(linesOf)).toEqual([[['SUBSCRIPTION', 'Metered', '3000'], ...KNOWN_LINES]]);
      expect(await segmentsOf(plan.subscriptionId)).toHaveLength(1);
      expect(retried).toBe(1);
    });
  }, 120_000);
});
