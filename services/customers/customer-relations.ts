import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerId } from '../../domain/ids';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../domain/subscriptions';
import type { SqlTransaction } from '../../infra/db/migrator';
import { tenantTable } from './customer-store';

/** Whether the customer has a live subscription, which keeps it from being deleted (CONTRACT §2). */
export async function hasLiveSubscriptions(
  em: EntityManager,
  customerId: CustomerId,
  transaction?: SqlTransaction,
): Promise<boolean> {
  const [row] = await em.getConnection().execute<{ live: boolean }[]>(
    `select exists (
       select 1 from ${tenantTable(em, 'subscriptions')}
        where customer_id = ? and status in (${LIVE_SUBSCRIPTION_STATUSES.map(() => '?').join(', ')})
     ) as live`,
    [customerId, ...LIVE_SUBSCRIPTION_STATUSES],
    'all',
    transaction,
  );
  return row?.live === true;
}
