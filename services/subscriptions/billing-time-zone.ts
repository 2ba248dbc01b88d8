import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerId, TenantId } from '../../domain/ids';
import { billingTimeZone } from '../../domain/periods';
import type { SqlTransaction } from '../../infra/db/migrator';
import { resolveTenantSettings } from '../tenants';
import { subscriptionSql, type SubscriptionSql } from './subscription-records';

/**
 * The zone the customer's periods and proration are computed in (the domain's rule: the customer's, else the
 * tenant's), read in one round trip. Inside `transaction` when given, so a subscription being created sees the
 * customer row it has locked.
 */
export async function queryBillingTimeZone(
  sql: SubscriptionSql,
  input: { tenantId: TenantId; customerId: CustomerId },
  transaction?: SqlTransaction,
): Promise<string> {
  const [row] = await sql.query<{ customer_zone: string | null; tenant_settings: unknown }>(
    `select (select timezone from ${sql.table('customers')} where id = ?) as customer_zone,
            (select settings from central.tenants where id = ?) as tenant_settings`,
    [input.customerId, input.tenantId],
    transaction,
  );
  const tenant = resolveTenantSettings(row?.tenant_settings).timezone;
  return billingTimeZone({ customer: row?.customer_zone ?? null, tenant });
}

/** The customer's billing time zone, for the subscription activities (`em`: the tenant's fork). */
export async function readBillingTimeZone(
  em: EntityManager,
  input: { tenantId: TenantId; customerId: CustomerId },
): Promise<string> {
  return queryBillingTimeZone(subscriptionSql(em), input);
}
