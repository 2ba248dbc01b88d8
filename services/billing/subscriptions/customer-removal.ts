import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** The ids of the customers' subscriptions, every status (a test clock's deletion reads them first). */
export async function listCustomersSubscriptionIds(
  sql: TenantSql<'subscriptions'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('subscriptions')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
  return rows.map((row) => row.id);
}

/**
 * Removes the subscriptions with their change history and owed workflow starts (a test clock's deletion, in its
 * transaction, after their invoices and usage segments).
 */
export async function deleteSubscriptions(
  sql: TenantSql<'subscriptions' | 'subscription_changes'>,
  transaction: SqlTransaction,
  subscriptionIds: readonly string[],
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  const list = listOf(subscriptionIds);
  await sql.query(
    `delete from ${sql.table('subscription_changes')} where subscription_id in (${list})`,
    subscriptionIds,
    transaction,
  );
  await sql.query(`delete from ${sql.table('subscriptions')} where id in (${list})`, subscriptionIds, transaction);
  await sql.query(
    `delete from central.pending_subscription_starts where tenant_id = ? and subscription_id in (${list})`,
    [sql.tenantId, ...subscriptionIds],
    transaction,
  );
}
