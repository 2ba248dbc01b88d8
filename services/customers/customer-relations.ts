import type { EntityManager } from '@mikro-orm/postgresql';
import type { SqlTransaction } from '../../infra/db/migrator';
import { tenantTable } from './customer-store';

/** Subscription statuses that keep a customer from being deleted (CONTRACT §2, §7): everything but CANCELED. */
export const LIVE_SUBSCRIPTION_STATUSES = ['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE'] as const;

/** Whether the customer has a subscription in a live status. */
export async function hasLiveSubscriptions(
  em: EntityManager,
  customerId: string,
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
