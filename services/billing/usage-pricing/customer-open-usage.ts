import type { CurrencyCode } from '../../../domain/money';
import type { UsageTally } from '../../metering/aggregation';
import { AppError } from '../../platform/errors';
import { meteredSubscriptionIds } from '../subscriptions';
import { readOpenPeriodUsage } from './open-period-usage';
import type { UsageSql } from './usage-records';

/**
 * What the customer's metered subscriptions in `currency` have used so far in their open periods and not yet
 * invoiced: the sum of the `amount` each one's `GET /subscriptions/:id/usage` reports (usage charges only, base fees
 * not included), computed by the same code (from running aggregates when a `tally` is given: the same amount).
 */
export async function readCustomerOpenUsage(
  sql: UsageSql,
  owner: { customerId: string; currency: CurrencyCode; tally?: UsageTally },
): Promise<bigint> {
  let totalMinor = 0n;
  const options = owner.tally === undefined ? {} : { tally: owner.tally };
  for (const subscriptionId of await meteredSubscriptionIds(sql, owner)) {
    totalMinor += await openUsageOf(sql, subscriptionId, options);
  }
  return totalMinor;
}

/** A subscription paused or canceled since it was listed has no open period, so nothing used so far. */
async function openUsageOf(sql: UsageSql, subscriptionId: string, options: { tally?: UsageTally }): Promise<bigint> {
  try {
    return (await readOpenPeriodUsage(sql, subscriptionId, options)).amountMinor;
  } catch (error) {
    if (error instanceof AppError && error.code === 'no_open_period') return 0n;
    throw error;
  }
}
