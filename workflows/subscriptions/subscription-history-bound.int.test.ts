import type { WorkflowHandle, WorkflowHandleWithFirstExecutionRunId } from '@temporalio/client';
import type { History } from '@temporalio/common/lib/proto-utils';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { Worker } from '@temporalio/worker';
import { createFakeActivities, type FakeActivities } from '../../test/fakes/fake-activities';
import {
  nextLongMonthOnServer,
  storedActiveSnapshot,
  useFakeSubscriptionSuite,
} from '../../test/fakes/fake-subscription-suite';
import { DAY_MS, sleepUntil, terms, waitFor } from '../../test/scenarios/subscription-scenario';
import {
  changeSubscriptionPlanUpdate,
  pauseSubscriptionUpdate,
  resumeSubscriptionUpdate,
  subscriptionStatusQuery,
  type SubscriptionWorkflowInput,
} from './messages';
import type { subscriptionWorkflow } from './subscription.workflow';
import type { SubscriptionSnapshot } from './wire';

/**
 * Many changes within one period must not grow one run toward Temporal's history limit: past a bound (low here, from
 * the input) the workflow continues as new mid-period, carrying its state, and bills exactly as a run without it.
 */

const TENANT_ID = 'ten_bound';
const BASIC = terms('plan_basic', 'Basic', '3000');
const PRO = terms('plan_pro', 'Pro', '6000');
const EVENT_LIMIT = 120;
/** One command's events (the check runs between commands), its workflow tasks and the continue-as-new itself. */
const MARGIN = 30;

type HistoryEvent = NonNullable<History['events']>[number];
type Handle = WorkflowHandleWithFirstExecutionRunId<typeof subscriptionWorkflow>;

interface Running {
  fake: FakeActivities;
  worker: Worker;
  handle: Handle;
  subscriptionId: string;
}

describe('subscriptionWorkflow history bound (time-skipping, fake activities)', () => {
  const { suite, startSubscriptionWorkflow } = useFakeSubscriptionSuite();
  let env: TestWorkflowEnvironment;
  beforeAll(() => {
    ({ env } = suite);
  });

  async function startWorkflow(
    snapshot: SubscriptionSnapshot,
    subscriptionId: string,
    limit?: number,
  ): Promise<Running> {
    const fake = createFakeActivities({ subscription: { snapshot } });
    const workflowInput: SubscriptionWorkflowInput = {
      tenantId: TENANT_ID,
      subscriptionId,
      ...(limit === undefined ? {} : { historyEventLimit: limit }),
    };
    const { worker, handle } = await startSubscriptionWorkflow({ fake, queue: 'subscription-bound', workflowInput });
    return { fake, worker, handle, subscriptionId };
  }

  /** The runs of one workflow, first to last, following each continue-as-new, with their status and history size. */
  async function runsOf(handle: Handle): Promise<{ status: string; events: number }[]> {
    const runs: { status: string; events: number }[] = [];
    let runId: string | undefined = handle.firstExecutionRunId;
    while (runId !== undefined) {
      const run: WorkflowHandle = env.client.workflow.getHandle(handle.workflowId, runId);
      const events: HistoryEvent[] = (await run.fetchHistory()).events ?? [];
      runs.push({ status: (await run.describe()).status.name, events: events.length });
      runId = events.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId ?? undefined;
    }
    return runs;
  }

  /** What a run billed and asked for, without the subscription id or the instants (two workflows differ by ms). */
  const billed = (running: Running) => ({
    calls: running.fake.log.names(),
    totals: running.fake.subscription.invoices.map((invoice) => invoice.totalMinor),
    keys: running.fake.subscription.invoices.map((invoice) =>
      invoice.key.replace(running.subscriptionId, 'sub').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, 'T'),
    ),
    events: running.fake.subscription.events,
  });

  test('40 plan changes and 20 pause/resume pairs in one period continue as new under the bound, then renew', async () => {
    const period = await nextLongMonthOnServer(env);
    const { start } = period;
    const snapshot = storedActiveSnapshot(period, { customerId: 'cus_bound', plan: BASIC });
    const suffix = start.getTime().toString(36);
    const bounded = await startWorkflow(snapshot, `sub_bounded_${suffix}`, EVENT_LIMIT);
    const reference = await startWorkflow(snapshot, `sub_reference_${suffix}`);
    const both = [bounded, reference];

    await bounded.worker.runUntil(() =>
      reference.worker.runUntil(async () => {
        await waitFor(
          () => Promise.resolve(both.map((running) => running.fake.log.names().length)),
          (counts) => counts.every((count) => count >= 2),
        );
        await sleepUntil(env, new Date(start.getTime() + 4 * DAY_MS));
        // The same updates to both workflows in lockstep, so they see the same days.
        for (let change = 0; change < 40; change += 1) {
          const newPlan = change % 2 === 0 ? PRO : BASIC;
          for (const { handle } of both) {
            await handle.executeUpdate(changeSubscriptionPlanUpdate, { args: [{ newPlan, effective: 'now' }] });
          }
        }
        for (let pair = 0; pair < 20; pair += 1) {
          for (const { handle } of both) await handle.executeUpdate(pauseSubscriptionUpdate);
          for (const { handle } of both) await handle.executeUpdate(resumeSubscriptionUpdate);
        }

        const runs = await runsOf(bounded.handle);
        expect(runs.length).toBeGreaterThan(5);
        expect(runs.slice(0, -1).map((run) => run.status)).toEqual(runs.slice(0, -1).map(() => 'CONTINUED_AS_NEW'));
        expect(runs.at(-1)?.status).toBe('RUNNING');
        for (const run of runs) expect(run.events).toBeLessThanOrEqual(EVENT_LIMIT + MARGIN);
        // Without the bound the whole period is one run.
        expect((await runsOf(reference.handle)).map((run) => run.status)).toEqual(['RUNNING']);

        // The same calls and invoices: every change key (change:0 … change:39) once, the subscription loaded once.
        expect(billed(bounded)).toEqual(billed(reference));
        expect(bounded.fake.log.names().filter((name) => name === 'loadSubscription')).toHaveLength(1);
        const changeKeys = billed(bounded).keys.filter((key) => key.includes(':change:'));
        expect(changeKeys).toEqual(Array.from({ length: 40 }, (_, change) => `sub:T:change:${change}`));

        // The last resume opened a new period; its end renews on the carried state.
        const callsBefore = bounded.fake.log.names().length;
        const periodEnd = Date.parse(bounded.fake.subscription.row.currentPeriodEnd ?? '');
        await sleepUntil(env, new Date(periodEnd + DAY_MS));
        await waitFor(
          () => Promise.resolve(both.map((running) => running.fake.log.names().length)),
          (counts) => counts.every((count) => count >= callsBefore + 5),
        );
        expect(bounded.fake.log.names().slice(callsBefore)).toEqual([
          'findBillingPeriod',
          'applyLifecycleAction',
          'issueUsageInvoice',
          'writeLifecycleChange',
          'issuePeriodInvoice',
        ]);
        expect(bounded.fake.log.inputsOf('writeLifecycleChange').at(-1)).toMatchObject({
          change: {
            status: 'ACTIVE',
            planId: BASIC.planId,
            currentPeriodStart: new Date(periodEnd).toISOString(),
          },
          event: 'subscription.renewed',
        });
        expect(billed(bounded)).toEqual(billed(reference));
        // The renewal ends its run as ever: one more run, the one before it CONTINUED_AS_NEW.
        const renewedRuns = await waitFor(
          () => runsOf(bounded.handle),
          (after) => after.length > runs.length,
        );
        expect(renewedRuns.map((run) => run.status).slice(-2)).toEqual(['CONTINUED_AS_NEW', 'RUNNING']);
        expect(renewedRuns).toHaveLength(runs.length + 1);
        expect(await bounded.handle.query(subscriptionStatusQuery)).toEqual({ status: 'ACTIVE' });
      }),
    );
  });
});
