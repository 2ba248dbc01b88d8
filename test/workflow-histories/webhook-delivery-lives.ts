import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { WEBHOOK_DELIVERY_WORKFLOW_TYPE } from '../../workflows/webhooks/messages';
import { webhookDeliveryWorkflowId } from '../../workflows/shared/workflow-ids';
import type { webhookDeliveryWorkflow } from '../../workflows/webhooks/webhook-delivery.workflow';
import type { FakeWebhookReply } from '../fakes/fake-webhook-activities';
import { sleepUntil } from '../scenarios/subscription-scenario';
import { runLife } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * The webhook delivery lives whose histories are stored: a failed attempt and the 5-minute timer before a
 * success, and the workflow's own recording of attempts (a crashed activity, an outcome the activity could not write).
 * Both, as recorded before an acknowledged attempt's activity wrote DELIVERED itself (a second activity did), are kept
 * as `<name>.before-finish-in-attempt`.
 */

const TENANT_ID = 'ten_history';

async function recordDelivery(
  env: TestWorkflowEnvironment,
  name: string,
  replies: readonly FakeWebhookReply[],
): Promise<StoredHistory> {
  const eventId = `evt_history_${name.replaceAll('-', '_')}`;
  const startedAt = new Date(await env.currentTimeMs()).toISOString();
  return runLife<typeof webhookDeliveryWorkflow, StoredHistory>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof webhookDeliveryWorkflow>(WEBHOOK_DELIVERY_WORKFLOW_TYPE, {
        taskQueue,
        workflowId: webhookDeliveryWorkflowId(TENANT_ID, eventId),
        args: [{ tenantId: TENANT_ID, eventId, series: 1, startedAt }],
      }),
    fakes: { webhookReplies: replies },
    script: async (life) => {
      await sleepUntil(env, new Date(Date.parse(startedAt) + 6 * 60_000));
      await life.completed();
      const [finish] = life.fake.log.inputsOf('finishWebhookDelivery');
      const finishedInAttempt = life.fake.log.inputsOf('postWebhook').at(-1)?.finishWhenAcknowledged === true;
      if (finish === undefined ? !finishedInAttempt : finish.status !== 'DELIVERED') {
        throw new Error(`${name}: ${finish?.status ?? 'unfinished'}, not DELIVERED`);
      }
      return {
        workflowType: 'webhookDeliveryWorkflow',
        name,
        history: await life.historyOf(life.handle.firstExecutionRunId),
      };
    },
  });
}

export async function recordWebhookDeliveryLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [
    await recordDelivery(env, 'failed-then-delivered', [500, 200]),
    await recordDelivery(env, 'crashed-then-delivered-unrecorded', ['crash', { unrecorded: 204 }]),
  ];
}
