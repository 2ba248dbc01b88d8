import type { CustomerId } from '../../../domain/ids';
import { billingTimeZone } from '../../../domain/periods';
import type { SqlTransaction } from '../../../infra/db/sql';
import { resolveTenantSettings } from '../../platform/tenants';
import type { SubscriptionSql } from './subscription-records';

/**
 * The zone the customer's periods and proration are computed in (the domain's rule: the customer's, else the
 * tenant's), read in one round trip. Inside `transaction` when given, so a subscription being created sees the
 * customer row it has locked.
 */
export async function readBillingTimeZone(
  sql: SubscriptionSql,
  customerId: CustomerId,
  transaction?: SqlTransaction,
): Promise<string> {
  const row = await sql.one<{ customer_zone: string | null; tenant_settings: unknown }>(
    `select (select timezone from ${sql.table('customers')} where id = ?) as customer_zone,
            (select settings from central.tenants where id = ?) as tenant_settings`,
    [customerId, sql.tenantId],
    transaction,
  );
  const tenant = resolveTenantSettings(row?.tenant_settings).timezone;
  return billingTimeZone({ customer: row?.customer_zone ?? null, tenant });
}
