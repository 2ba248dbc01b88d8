import type { SqlTransaction } from '../../../infra/db/sql';
import { findCustomerTestClock } from '../../catalog/customers';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * The test clock whose time the customer's subscriptions run on, with its time; null for an ordinary customer.
 * `advancing`: the clock is ADVANCING, and `frozenTime` is then where the advance goes, not a time it has reached.
 */
export async function readBillingTestClock(
  sql: TenantSql,
  customerId: string,
  transaction?: SqlTransaction,
): Promise<{ clockId: string; frozenTime: Date; advancing: boolean } | null> {
  const clock = await findCustomerTestClock(sql, customerId, transaction);
  if (clock === undefined) return null;
  return { clockId: clock.id, frozenTime: clock.frozenTime, advancing: clock.status === 'ADVANCING' };
}
