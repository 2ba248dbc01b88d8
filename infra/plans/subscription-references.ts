import type { SqlTransaction } from '../db/migrator';
import type { TenantSql } from './plan-records';

/**
 * Whether any subscription of the tenant is on the plan (in `currency`, when given). Any status counts: a canceled
 * subscription still has invoices that name its plan and currency.
 * TODO(issue 5): the subscriptions table arrives with issue 5; until a tenant's schema has it, nothing references a
 * plan. Nothing here changes then, provided `subscriptions` has `plan_id` and `currency` columns.
 */
export async function planHasSubscriptions(
  sql: TenantSql,
  reference: { planId: string; currency?: string; transaction: SqlTransaction },
): Promise<boolean> {
  const subscriptions = sql.table('subscriptions');
  const [present] = await sql.query<{ present: boolean }>(
    'select to_regclass(?) is not null as present',
    [subscriptions],
    reference.transaction,
  );
  if (present?.present !== true) return false;
  const byCurrency = reference.currency === undefined ? '' : ' and currency = ?';
  const params = reference.currency === undefined ? [reference.planId] : [reference.planId, reference.currency];
  const [row] = await sql.query<{ used: boolean }>(
    `select exists (select 1 from ${subscriptions} where plan_id = ?${byCurrency}) as used`,
    params,
    reference.transaction,
  );
  return row?.used === true;
}
