import type { CustomerId } from '../../../domain/ids';
import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What deleting a customer, or changing its currency, asks of its wallets, which billing (a later area) owns: billing
 * implements this port and the code that wires the processes hands it in.
 */
export interface CustomerWallets {
  /** Whether the customer has an ACTIVE wallet, read in the caller's transaction. */
  hasActiveWallet: (sql: TenantSql, customerId: CustomerId, transaction: SqlTransaction) => Promise<boolean>;
  /**
   * Terminates the customer's ACTIVE wallet, its credits voided (source TERMINATION), in the caller's transaction;
   * the ids of the wallets it terminated, whose workflows the caller wakes once the transaction has committed.
   */
  terminateCustomerWallets: (
    sql: TenantSql,
    request: { customerId: CustomerId; transaction: SqlTransaction; now: Date },
  ) => Promise<string[]>;
}
