import type { TenantSql } from '../../../infra/db/tenant-sql';
import { customerNotFound, findCustomerByExternalId, type CustomerRecord } from '../../catalog/customers';

/**
 * The customer a portal request is about, by the externalId the tenant knows it by. A deleted customer is as unknown
 * as one that never existed (404 `customer_not_found`): its records remain for the tenant, not for a portal.
 */
export async function requirePortalCustomer(sql: TenantSql, externalId: string): Promise<CustomerRecord> {
  const customer = await findCustomerByExternalId(sql, externalId);
  if (customer === undefined) throw customerNotFound(externalId);
  return customer;
}
