import type { TenantSql } from '../../../infra/db/tenant-sql';
import { subscriptionWorkflowId, walletWorkflowId } from '../../../workflows/shared/workflow-ids';
import { listTestClockCustomerIds } from '../../catalog/customers';
import { listCustomerSubscriptionIds } from '../../billing/subscriptions';
import { listActiveWalletIds } from '../../billing/wallets';

/**
 * The workflows an advance of the clock waits for: those of its customers that run on the clock's time. Every
 * subscription is listed, ended or not (the clock counts a workflow that has already completed as reported), and
 * every ACTIVE wallet (its expiry and INTERVAL top-ups).
 */
export async function listTestClockParticipants(sql: TenantSql, clockId: string): Promise<string[]> {
  const customerIds = await listTestClockCustomerIds(sql, clockId);
  const subscriptionIds = await listCustomerSubscriptionIds(sql, customerIds);
  const walletIds = await listActiveWalletIds(sql, customerIds);
  return [
    ...subscriptionIds.map((id) => subscriptionWorkflowId(sql.tenantId, id)),
    ...walletIds.map((id) => walletWorkflowId(sql.tenantId, id)),
  ];
}
