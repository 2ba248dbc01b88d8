import type { SqlTransaction } from '../../../infra/db/sql';

/**
 * The time of each of `customerIds` that lives on a test clock (the clock's time), by customer id; customers on the
 * wall clock are absent. An event of such a customer defaults to, and is judged "in the future" against, that time.
 */
export type CustomerTimes = (
  customerIds: readonly string[],
  transaction: SqlTransaction,
) => Promise<ReadonlyMap<string, Date>>;
