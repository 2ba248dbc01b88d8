import { Context } from '@temporalio/activity';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Activities } from '../../activities';
import { createTestWorker } from '../../test/harness/temporal-env';
import {
  activeFromNextLongMonth,
  addUtcMonths,
  useScenarioSuite,
  DAY_MS,
  scenarioWorker,
  sleepUntil,
  waitFor,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import { invoicesAtLeast, invoicesCounted } from '../../test/scenarios/invoice-waits';
import { crashAfterCommit } from '../../test/fakes/crash-after-commit';

describe('subscriptionWorkflow durability (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  beforeAll(() => {
    ({ env, scenario } = suite);
  });

  const activeSubscription = () => activeFromNextLongMonth(suite, { amountMinor: 3000n });

  test('activities that crash after their write are retried without a duplicate invoice or event', async () => {
    const real = scenario.realActivities();
    const { crashed, crashOnce } = crashAfterCommit();
    // Each write commits, then the first attempt "crashes" before it can report success.
    const activities: Activities = {
      ...real,
      issuePeriodInvoice: crashOnce('issuePeriodInvoice', real.issuePeriodInvoice),
      writeLifecycleChange: crashOnce('writeLifecycleChange', real.writeLifecycleChange),
      // A renewal is one action: its transaction commits, then the attempt crashes and is retried whole.
      applyLifecycleAction: crashOnce('applyLifecycleAction', real.applyLifecycleAction),
    };
    const { worker, taskQueue } = await scenarioWorker(env, activities);
    const { start, customerId, subscriptionId } = await activeSubscription();
    await worker.runUntil(async () => {
      await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
      await sleepUntil(env, new Date(addUtcMonths(start, 2).getTime() + DAY_MS));
      const invoices = await invoicesAtLeast(scenario, subscriptionId, 3);
      expect(invoices.map((invoice) => invoice.lines[0]?.period_start)).toEqual(
        [0, 1, 2].map((months) => addUtcMonths(start, months).toISOString()),
      );
      expect(await scenario.events(subscriptionId)).toEqual([
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
        'subscription.renewed',
        'invoice.created',
      ]);
      // The first period's invoice, then each of the two renewals.
      expect([...crashed].map((key) => key.slice(0, key.indexOf(':')))).toEqual([
        'issuePeriodInvoice',
        'applyLifecycleAction',
        'applyLifecycleAction',
      ]);
    });
  });

  test('a worker shut down while the renewal invoice activity hangs after its write: no invoice lost or doubled', async () => {
    const real = scenario.realActivities();
    let written = false;
    // The renewal invoice is a step of the renewal, which commits as one transaction.
    const renewsPeriod = (input: Parameters<Activities['applyLifecycleAction']>[0]) =>
      input.steps.some(
        (step) => step.activity === 'issuePeriodInvoice' && Date.parse(step.input.period.start) > startMs,
      );
    const hanging: Activities = {
      ...real,
      async applyLifecycleAction(input) {
        const result = await real.applyLifecycleAction(input);
        if (renewsPeriod(input)) {
          written = true;
          // The process "dies" here: the result never reaches Temporal; only shutdown's cancellation ends the wait.
          await Context.current().cancelled;
        }
        return result;
      },
    };
    const { start, customerId, subscriptionId } = await activeSubscription();
    const startMs = start.getTime();
    const { worker: first, taskQueue } = await scenarioWorker(env, hanging);
    const firstRun = first.run();
    const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
    await invoicesCounted(scenario, subscriptionId, 1);
    await sleepUntil(env, addUtcMonths(start, 1));
    await waitFor(() => Promise.resolve(written), Boolean);
    expect(written).toBe(true);
    first.shutdown();
    await firstRun;

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
      // Temporal retries the attempt the dead worker left (at once when shutdown reported it failed; after the
      // 1-minute start-to-close timeout for a process killed outright), and the retry finds the invoice by its key.
      const settled = await waitFor(
        async () => retried > 0 && (await handle.describe()).raw.pendingActivities?.length === 0,
        Boolean,
        100_000,
      );
      expect(settled).toBe(true);
      const events = await scenario.events(subscriptionId);
      expect(events).toEqual(['invoice.created', 'subscription.renewed', 'invoice.created']);
      const invoices = await scenario.invoices(subscriptionId);
      expect(invoices.map((invoice) => invoice.lines[0]?.period_start)).toEqual(
        [0, 1].map((months) => addUtcMonths(start, months).toISOString()),
      );
      expect((await scenario.subscription(subscriptionId)).current_period_start).toBe(
        addUtcMonths(start, 1).toISOString(),
      );
      expect((await handle.describe()).status.name).toBe('RUNNING');
      expect(retried).toBe(1);
    });
  }, 120_000);
});
