import type { CustomerId } from '../../../domain/ids';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What customers must know of subscriptions, which billing (a later area) owns. Customers never import billing:
 * billing implements this port and the code that wires the processes hands it in.
 */
export interface CustomerSubscriptions {
  /** Whether the customer has a live subscription, read in the caller's transaction. */
  hasLiveSubscriptions: (
    sql: TenantSql<'subscriptions'>,
    customerId: CustomerId,
    transaction: SqlTransaction,
  ) => Promise<boolean>;
}
