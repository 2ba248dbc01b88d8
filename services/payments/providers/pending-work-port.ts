import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What deleting a provider configuration must know of the payments and refunds made through it. Those modules use
 * providers (their gateways open one), so providers never import them: refunds implement this port and the code that
 * wires the processes hands it in.
 */
export interface ProviderPendingWork {
  /**
   * Whether a PENDING payment or refund still needs the configuration (CONTRACT §11: its verification, its
   * notifications' secret, its refund result), read in the caller's transaction.
   */
  hasPendingWork: (
    sql: TenantSql<'payments' | 'refunds'>,
    providerId: string,
    transaction: SqlTransaction,
  ) => Promise<boolean>;
}
