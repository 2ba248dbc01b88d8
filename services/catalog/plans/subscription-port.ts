import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * What plans must know of subscriptions, which billing (a later area) owns. Plans never import billing: billing
 * implements this port and the code that wires the processes hands it in.
 */
export interface PlanSubscriptions {
  /**
   * Whether any subscription of the tenant is on the plan (in `currency`, when given), read in the caller's
   * transaction. Any status counts: a canceled subscription still has invoices that name its plan and currency.
   */
  planHasSubscriptions: (
    sql: TenantSql<'subscriptions'>,
    reference: { planId: string; currency?: string; transaction: SqlTransaction },
  ) => Promise<boolean>;
}
