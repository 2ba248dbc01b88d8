import type { Logger } from '../../../infra/logger';
import { createSubscription, type CreationSql, type NewSubscription } from './create-subscription';
import type { SubscriptionRecord } from './subscription-records';
import { startSubscriptionWorkflow } from './workflow-starter';
import { subscriptionValue } from './subscription-errors';
import { subscriptionStarterOf, type SubscriptionTemporal } from './subscription-transitions';

/**
 * Stores the subscription, then starts its workflow. The row commits first so that a workflow never bills a
 * subscription that is not stored; if the start fails (Temporal down, process killed), the row keeps
 * `workflow_started_at` null and the repair loop starts the workflow within seconds, so the answer is still 201.
 */
export async function createAndStart(
  deps: { sql: CreationSql; temporal: SubscriptionTemporal; logger: Logger },
  request: NewSubscription,
): Promise<SubscriptionRecord> {
  const record = subscriptionValue(await createSubscription(deps.sql, request), request.customerId);
  try {
    await startSubscriptionWorkflow(deps.sql, {
      start: subscriptionStarterOf(deps.temporal),
      subscription: {
        tenantId: deps.sql.tenantId,
        subscriptionId: record.id,
        customerId: record.customerId,
        planId: record.planId,
        status: record.status,
      },
    });
  } catch (error) {
    deps.logger.warn({ err: error, subscriptionId: record.id }, 'subscription workflow start deferred to repair');
  }
  return record;
}
