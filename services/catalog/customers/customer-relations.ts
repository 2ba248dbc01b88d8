import type { CustomerId } from '../../../domain/ids';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../../domain/subscriptions';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { CustomerSql } from './customer-store';

/** Whether the customer has a live subscription, which keeps it from being deleted (CONTRACT §2). */
export async function hasLiveSubscriptions(
  sql: CustomerSql,
  customerId: CustomerId,
  transaction?: SqlTransaction,
): Promise<boolean> {
  const row = await sql.one<{ live: boolean }>(
    `select exists (
       select 1 from ${sql.table('subscriptions')}
        where customer_id = ? and status in (${LIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(', ')})
     ) as live`,
    [customerId, ...LIVE_SUBSCRIPTION_STATUSES],
    transaction,
  );
  return row?.live === true;
}
