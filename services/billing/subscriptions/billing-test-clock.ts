import type { SqlTransaction } from '../../../infra/db/sql';
import { findCustomerTestClock } from '../../catalog/customers';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/** The test clock whose time the customer's subscriptions run on, with its time; null for an ordinary customer. */
export async function readBillingTestClock(
  sql: TenantSql,
  customerId: string,
  transaction?: SqlTransaction,
): Promise<{ clockId: string; frozenTime: Date } | null> {
  const clock = await findCustomerTestClock(sql, customerId, transaction);
  return clock === undefined ? null : { clockId: clock.id, frozenTime: clock.frozenTime };
}
