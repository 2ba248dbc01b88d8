import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { dunningWorkflow } from '../../workflows/collections/dunning.workflow';
import { DUNNING_WORKFLOW_TYPE, type DunningInvoiceState } from '../../workflows/collections/messages';
import { dunningWorkflowId } from '../../workflows/shared/workflow-ids';
import { DAY_MS, sleepUntil } from '../scenarios/subscription-scenario';
import { runLife, type Life } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * The dunning lives whose histories are stored: a subscription invoice through the whole ladder (past due, reminders,
 * written off, subscription canceled), and one paid after it went past due.
 */

const TENANT_ID = 'ten_history';

async function recordDunning(
  env: TestWorkflowEnvironment,
  life: {
    name: string;
    invoice: Omit<DunningInvoiceState, 'dueDate'>;
    script: (life: Life<typeof dunningWorkflow>, dueMs: number) => Promise<void>;
  },
): Promise<StoredHistory> {
  const invoiceId = `inv_history_${life.name.replaceAll('-', '_')}`;
  const dueMs = (await env.currentTimeMs()) + DAY_MS;
  return runLife<typeof dunningWorkflow, StoredHistory>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof dunningWorkflow>(DUNNING_WORKFLOW_TYPE, {
        taskQueue,
        workflowId: dunningWorkflowId(TENANT_ID, invoiceId),
        args: [{ tenantId: TENANT_ID, invoiceId }],
      }),
    fakes: { dunning: { invoice: { ...life.invoice, dueDate: new Date(dueMs).toISOString() } } },
    script: async (run) => {
      await life.script(run, dueMs);
      await run.completed();
      return {
        workflowType: 'dunningWorkflow',
        name: life.name,
        history: await run.historyOf(run.handle.firstExecutionRunId),
      };
    },
  });
}

export async function recordDunningLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [
    await recordDunning(env, {
      name: 'past-due-reminded-written-off-canceled',
      invoice: {
        status: 'OPEN',
        subscriptionId: 'sub_history',
        reminderDays: [1, 3],
        uncollectibleAfterDays: 5,
        cancelSubscription: true,
      },
      script: async (life, dueMs) => {
        await sleepUntil(env, new Date(dueMs + 6 * DAY_MS));
        await life.called('cancelSubscriptionForDunning');
      },
    }),
    await recordDunning(env, {
      name: 'past-due-then-paid',
      invoice: {
        status: 'OPEN',
        subscriptionId: 'sub_history',
        reminderDays: [2],
        uncollectibleAfterDays: 30,
        cancelSubscription: false,
      },
      script: async (life, dueMs) => {
        await sleepUntil(env, new Date(dueMs + DAY_MS));
        await life.called('reconcileSubscriptionPastDue');
        life.fake.dunning.state.status = 'PAID';
        await sleepUntil(env, new Date(dueMs + 3 * DAY_MS));
      },
    }),
  ];
}
