import type { SqlTransaction } from '../../../infra/db/sql';
import type { PlanSql } from './plan-records';

/**
 * Whether any subscription of the tenant is on the plan (in `currency`, when given). Any status counts: a canceled
 * subscription still has invoices that name its plan and currency.
 */
export async function planHasSubscriptions(
  sql: PlanSql,
  reference: { planId: string; currency?: string; transaction: SqlTransaction },
): Promise<boolean> {
  const subscriptions = sql.table('subscriptions');
  const byCurrency = reference.currency === undefined ? '' : ' and currency = ?';
  const params = reference.currency === undefined ? [reference.planId] : [reference.planId, reference.currency];
  const row = await sql.one<{ used: boolean }>(
    `select exists (select 1 from ${subscriptions} where plan_id = ?${byCurrency}) as used`,
    params,
    reference.transaction,
  );
  return row?.used === true;
}
