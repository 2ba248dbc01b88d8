import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes the usage segments of the subscriptions (a test clock's deletion, in its transaction). */
export async function deleteSubscriptionsUsageSegments(
  sql: TenantSql<'usage_segments'>,
  transaction: SqlTransaction,
  subscriptionIds: readonly string[],
): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await sql.query(
    `delete from ${sql.table('usage_segments')} where subscription_id in (${listOf(subscriptionIds)})`,
    subscriptionIds,
    transaction,
  );
}
