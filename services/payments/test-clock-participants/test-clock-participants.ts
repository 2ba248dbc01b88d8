import type { TenantSql } from '../../../infra/db/tenant-sql';
import { subscriptionWorkflowId } from '../../../workflows/shared/workflow-ids';
import { listTestClockCustomerIds } from '../../catalog/customers';
import { listCustomerSubscriptionIds } from '../../billing/subscriptions';

/**
 * The workflows an advance of the clock waits for: those of its customers that run on the clock's time. Every
 * subscription is listed, ended or not: the clock counts a workflow that has already completed as reported.
 */
export async function listTestClockParticipants(sql: TenantSql, clockId: string): Promise<string[]> {
  const customerIds = await listTestClockCustomerIds(sql, clockId);
  const subscriptionIds = await listCustomerSubscriptionIds(sql, customerIds);
  return subscriptionIds.map((id) => subscriptionWorkflowId(sql.tenantId, id));
}
