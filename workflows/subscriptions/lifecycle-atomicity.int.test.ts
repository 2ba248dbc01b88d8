import type { TestWorkflowEnvironment } from '@temporalio/testing';
import {
  activeFromNextLongMonth,
  DAY_MS,
  scenarioWorker,
  sleepUntil,
  terms,
  useScenarioSuite,
  waitFor,
  type Scenario,
} from '../../test/scenarios/subscription-scenario';
import { cancelSubscriptionUpdate, changeSubscriptionPlanUpdate, pauseSubscriptionUpdate } from './messages';

/**
 * Failure injection: each lifecycle action (cancel now, pause, plan change, renewal) meets a failure at one of its
 * steps, a PostgreSQL trigger that refuses every write to that step's table until the test removes it. While it
 * fails, and however often Temporal retries, nothing of the action is visible: the subscription, its invoices,
 * credit notes, usage segments and events are exactly as before. Once the fault is gone the retry completes the
 * whole action, once.
 */

type StepTable = 'credit_notes' | 'invoices' | 'usage_segments' | 'subscriptions' | 'webhook_events';

interface Case {
  action: 'cancel now' | 'pause' | 'plan change' | 'renewal';
  timing: 'IN_ADVANCE' | 'IN_ARREARS';
  table: StepTable;
}

const cases: Case[] = [
  ...(['credit_notes', 'usage_segments', 'subscriptions', 'webhook_events'] as const).map((table): Case => ({
    action: 'cancel now',
    timing: 'IN_ADVANCE',
    table,
  })),
  { action: 'cancel now', timing: 'IN_ARREARS', table: 'invoices' },
  { action: 'pause', timing: 'IN_ADVANCE', table: 'credit_notes' },
  { action: 'pause', timing: 'IN_ADVANCE', table: 'subscriptions' },
  { action: 'plan change', timing: 'IN_ADVANCE', table: 'invoices' },
  { action: 'plan change', timing: 'IN_ADVANCE', table: 'subscriptions' },
  { action: 'renewal', timing: 'IN_ADVANCE', table: 'invoices' },
  { action: 'renewal', timing: 'IN_ADVANCE', table: 'subscriptions' },
];

describe('lifecycle actions are all or nothing (time-skipping, real activities and database)', () => {
  const suite = useScenarioSuite();
  let env: TestWorkflowEnvironment;
  let scenario: Scenario;
  beforeAll(() => {
    ({ env, scenario } = suite);
  });
  afterEach(() => removeFault());

  /** Every write to `table` fails until `removeFault`; each attempt counts (a sequence is not rolled back). */
  async function injectFault(table: StepTable): Promise<void> {
    await scenario.sql('create sequence if not exists $schema.fault_hits');
    await scenario.sql(`select setval('$schema.fault_hits', 1, false)`);
    await scenario.sql(`
      create or replace function $schema.inject_fault() returns trigger language plpgsql as $fault$
      begin
        perform nextval('$schema.fault_hits');
        raise exception 'injected fault on %', tg_table_name;
      end $fault$`);
    await scenario.sql(
      `create trigger inject_fault before insert or update on $schema.${table}
         for each row execute function $schema.inject_fault()`,
    );
  }

  async function removeFault(): Promise<void> {
    for (const table of ['credit_notes', 'invoices', 'usage_segments', 'subscriptions', 'webhook_events']) {
      await scenario.sql(`drop trigger if exists inject_fault on $schema.${table}`);
    }
  }

  /** Attempts refused so far. */
  const faultHits = async (): Promise<number> => {
    const [row] = await scenario.sql<{ hits: string }>(
      `select case when is_called then last_value else 0 end as hits from $schema.fault_hits`,
    );
    return Number(row?.hits ?? 0);
  };

  /** What an API client could see of the subscription and everything the action would write. */
  async function visible(subscriptionId: string) {
    const row = await scenario.subscription(subscriptionId);
    const [segments] = await scenario.sql<{ count: string }>(
      'select count(*) as count from $schema.usage_segments where subscription_id = ?',
      [subscriptionId],
    );
    return {
      subscription: [row.status, row.plan_id, row.canceled_at, row.paused_at, row.current_period_start],
      invoices: (await scenario.invoices(subscriptionId)).map((invoice) => [
        invoice.id,
        invoice.status,
        invoice.total_minor,
        invoice.amount_credited_minor,
      ]),
      creditNotes: await scenario.creditNotes(subscriptionId),
      usageSegments: Number(segments?.count),
      events: await scenario.events(subscriptionId),
    };
  }

  test.each(cases)(
    '$action ($timing) with a failure at $table leaves everything as it was, then completes once',
    async ({ action, timing, table }) => {
      const { worker, taskQueue } = await scenarioWorker(env, scenario.realActivities());
      const { start, end, customerId, subscriptionId } = await activeFromNextLongMonth(suite, {
        amountMinor: 3000n,
        timing,
      });
      const proId = await scenario.createPlan({ name: 'Pro', amountMinor: 6000n });
      await worker.runUntil(async () => {
        const handle = await scenario.startWorkflow({ subscriptionId, customerId, taskQueue });
        await waitFor(
          () => scenario.invoices(subscriptionId),
          (list) => list.length === (timing === 'IN_ADVANCE' ? 1 : 0),
        );
        await sleepUntil(env, new Date(start.getTime() + 15 * DAY_MS));
        const before = await visible(subscriptionId);
        await injectFault(table);

        let done: Promise<unknown>;
        if (action === 'renewal') {
          // Just past the period end: skipping further would run an attempt every minute of skipped time.
          done = sleepUntil(env, new Date(end.getTime() + 90_000));
          await done;
        } else {
          done =
            action === 'cancel now'
              ? handle.executeUpdate(cancelSubscriptionUpdate, { args: [{ cancelAt: 'now' }] })
              : action === 'pause'
                ? handle.executeUpdate(pauseSubscriptionUpdate)
                : handle.executeUpdate(changeSubscriptionPlanUpdate, {
                    args: [{ newPlan: terms(proId, 'Pro', '6000'), effective: 'now' }],
                  });
        }
        // Retried at least once, and still nothing of the action shows.
        await waitFor(faultHits, (hits) => hits >= 2, 30_000);
        expect(await visible(subscriptionId)).toEqual(before);

        await removeFault();
        await done;
        // The retries' backoff grew while time was skipped; skipping on reaches the next attempt.
        if (action === 'renewal') await env.sleep(120_000);
        const after = await waitFor(
          () => visible(subscriptionId),
          (state) => state.events.length > before.events.length,
        );
        const added = after.events.slice(before.events.length);
        switch (action) {
          case 'cancel now':
            expect(after.subscription[0]).toBe('CANCELED');
            expect(added.filter((type) => type === 'subscription.canceled')).toHaveLength(1);
            if (timing === 'IN_ADVANCE') {
              expect(after.creditNotes).toEqual([expect.objectContaining({ amount_minor: '1548' })]);
            } else {
              // The days used, on one closing invoice.
              expect(after.invoices).toHaveLength(1);
            }
            break;
          case 'pause':
            expect(after.subscription[0]).toBe('PAUSED');
            expect(after.creditNotes).toEqual([expect.objectContaining({ amount_minor: '1548' })]);
            expect(added).toEqual(['subscription.paused']);
            break;
          case 'plan change':
            expect(after.subscription[1]).toBe(proId);
            expect(after.invoices).toHaveLength(2);
            expect(added).toEqual(['invoice.created']);
            break;
          case 'renewal':
            expect(after.subscription[4]).toBe(end.toISOString());
            expect(after.invoices).toHaveLength(2);
            expect(added).toEqual(['subscription.renewed', 'invoice.created']);
            break;
        }
        // Exactly one of each: the retries before the fault went left nothing behind.
        expect(after.usageSegments - before.usageSegments).toBeLessThanOrEqual(1);
      });
    },
    120_000,
  );
});
