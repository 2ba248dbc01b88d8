import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { findPlanPriceTerms } from '../../catalog/plans';
import type { SubscriptionRecord, SubscriptionSql } from './subscription-records';

/**
 * Records the state a subscription has entered (created, a new status, a new plan) in `subscription_changes`, in the
 * caller's transaction, with the plan's price as it is now: MRR history and its movements are read from these rows,
 * so a later price edit does not rewrite what was billed before it. Changes of other columns (period, anchor, a
 * scheduled cancellation) change nothing recurring and are not recorded.
 */
export async function recordSubscriptionChange(
  sql: SubscriptionSql,
  transaction: SqlTransaction,
  change: { record: SubscriptionRecord; effectiveAt: Date },
): Promise<void> {
  const { record } = change;
  // In the caller's transaction: a second pooled connection per write would starve the pool under load.
  const terms = await findPlanPriceTerms(sql, { planId: record.planId, currency: record.currency, transaction });
  // SubscriptionSql lists the tables the stores of several modules share; the change log is written here only.
  const log = sql as TenantSql;
  await sql.query(
    `insert into ${log.table('subscription_changes')}
       (subscription_id, customer_id, plan_id, currency, status, amount_minor, billing_interval, effective_at)
     values (?, ?, ?, ?, ?, ?::bigint, ?, ?)`,
    [
      record.id,
      record.customerId,
      record.planId,
      record.currency,
      record.status,
      (terms?.amountMinor ?? 0n).toString(),
      terms?.billingInterval ?? 'MONTHLY',
      change.effectiveAt,
    ],
    transaction,
  );
}

/** Whether a lifecycle write changed what the subscription bills (its status or its plan). */
export function changesRecurringTerms(before: SubscriptionRecord, after: SubscriptionRecord): boolean {
  return before.status !== after.status || before.planId !== after.planId;
}
