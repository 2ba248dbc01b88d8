import type { Clock } from '../../../domain/clock';
import type { SubscriptionId } from '../../../domain/ids';
import { customerRequestClock, type CustomerClockSql } from '../../catalog/customers';
import { findSubscription, type SubscriptionRecord, type SubscriptionSql } from './subscription-records';
import { replaceSubscriptionMetadata } from './subscription-store';

/**
 * PATCH /subscriptions/:id: the metadata replaced, stamped at the customer's business time (its test clock's time for
 * a customer on one, `clock`'s otherwise). Undefined for an unknown subscription.
 */
export async function changeSubscriptionMetadata(
  sql: SubscriptionSql & CustomerClockSql,
  change: { id: SubscriptionId; metadata: Record<string, string>; clock: Clock },
): Promise<SubscriptionRecord | undefined> {
  const subscription = await findSubscription(sql, change.id);
  const now =
    subscription === undefined
      ? change.clock.now()
      : (await customerRequestClock(sql, subscription.customerId, change.clock)).now();
  return replaceSubscriptionMetadata(sql, { id: change.id, metadata: change.metadata, now });
}
