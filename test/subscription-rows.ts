import { newId } from '../infra/ids';
import { tenantSchemaName } from '../infra/db/tenant-schema';

export type ExecuteSql = (text: string, params?: string[]) => Promise<unknown>;

/**
 * A subscription row written straight into a tenant schema (with its customer and plan), created an hour ago, its
 * workflow start recorded or not: the state the repair index and its backfill are about, without the API in between.
 */
export async function insertSubscriptionRow(
  sql: ExecuteSql,
  tenantId: string,
  options: { started: boolean },
): Promise<string> {
  const schema = `"${tenantSchemaName(tenantId)}"`;
  const [customerId, planId, id] = [newId('customer'), newId('plan'), newId('subscription')];
  await sql(`insert into ${schema}.customers (id, external_id, email, currency) values (?, ?, ?, 'USD')`, [
    customerId,
    customerId,
    `${customerId}@example.com`,
  ]);
  await sql(`insert into ${schema}.plans (id, name, code, billing_interval) values (?, 'Pro', ?, 'MONTHLY')`, [
    planId,
    planId.toLowerCase(),
  ]);
  await sql(
    `insert into ${schema}.subscriptions
       (id, customer_id, plan_id, currency, status, start_date, billing_anchor, workflow_started_at, created_at)
     values (?, ?, ?, 'USD', 'ACTIVE', now(), now(), ${options.started ? 'now()' : 'null'}, now() - interval '1 hour')`,
    [id, customerId, planId],
  );
  return id;
}
