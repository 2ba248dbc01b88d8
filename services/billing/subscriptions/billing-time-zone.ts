import type { CustomerId } from '../../../domain/ids';
import { billingTimeZone } from '../../../domain/periods';
import type { SqlTransaction } from '../../../infra/db/sql';
import { findCustomerOnRecord } from '../../catalog/customers';
import { readTenantSettings } from '../../platform/tenants';
import type { SubscriptionSql } from './subscription-records';

/**
 * The zone the customer's periods and proration are computed in (the domain's rule: the customer's, else the
 * tenant's). Inside `transaction` when given, so a subscription being created sees the customer row it has locked.
 */
export async function readBillingTimeZone(
  sql: SubscriptionSql,
  customerId: CustomerId,
  transaction?: SqlTransaction,
): Promise<string> {
  const customer = await findCustomerOnRecord(sql, customerId, transaction);
  const tenant = (await readTenantSettings(sql, transaction)).timezone;
  return billingTimeZone({ customer: customer?.timezone ?? null, tenant });
}
