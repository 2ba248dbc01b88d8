import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What a tenant's usage counts of the records other areas own (customers in catalog, subscriptions and invoices in
 * billing). The platform never imports a later area: the owners implement this port and the code that wires the
 * processes hands it in.
 */
export interface TenantRecordCounts {
  /** Customers not deleted. */
  countLiveCustomers: (sql: TenantSql<'customers'>) => Promise<number>;
  /** Subscriptions by status (statuses without any absent). */
  countSubscriptionsByStatus: (sql: TenantSql<'subscriptions'>) => Promise<{ status: string; count: number }[]>;
  countInvoices: (sql: TenantSql<'invoices'>) => Promise<number>;
}
