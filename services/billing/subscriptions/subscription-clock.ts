import type { SqlTransaction } from '../../../infra/db/sql';
import { lockCustomerTestClock } from '../../catalog/customers';
import type { CreationSql, NewSubscription } from './create-subscription';
import { refused, type SubscriptionOutcome } from './subscription-outcome';

/** Subscriptions one customer on a test clock may have (of any status): each is a workflow its clock drives. */
export const TEST_CLOCK_SUBSCRIPTION_LIMIT = 3;

/**
 * A customer on a test clock subscribes at the clock's time (start, trial, first period, createdAt), not while the
 * clock is advancing, and to at most TEST_CLOCK_SUBSCRIPTION_LIMIT subscriptions. The clock row stays locked until
 * commit, so an advance or another subscription of its customers waits for this one.
 */
export async function onCustomerClock(
  sql: CreationSql,
  request: NewSubscription,
  transaction: SqlTransaction,
): Promise<SubscriptionOutcome<NewSubscription & { createdAt?: Date }>> {
  const clock = await lockCustomerTestClock(sql, transaction, request.customerId);
  if (clock === undefined) return { ok: true, value: request };
  if (clock.status === 'ADVANCING') return refused({ code: 'test_clock_advancing', clockId: clock.id });
  const counted = await sql.oneOrFail<{ count: string }>(
    `select count(*) as count from ${sql.table('subscriptions')} where customer_id = ?`,
    [request.customerId],
    transaction,
  );
  if (Number(counted.count) >= TEST_CLOCK_SUBSCRIPTION_LIMIT) {
    return refused({ code: 'test_clock_subscription_limit', clockId: clock.id, limit: TEST_CLOCK_SUBSCRIPTION_LIMIT });
  }
  return { ok: true, value: { ...request, now: clock.frozenTime, createdAt: clock.frozenTime } };
}
