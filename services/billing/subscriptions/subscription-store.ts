import type { SubscriptionId } from '../../../domain/ids';
import type { SubscriptionStatus } from '../../../domain/subscriptions';
import type { SqlParam } from '../../../infra/db/sql';
import {
  findSubscription,
  SUBSCRIPTION_COLUMNS,
  toSubscriptionRecord,
  type SubscriptionRecord,
  type SubscriptionRow,
  type SubscriptionSql,
} from './subscription-records';
import { subscriptionNotFound } from './subscription-errors';

export interface SubscriptionFilter {
  status?: SubscriptionStatus;
  /** Every status but this one (the portal's live subscriptions leave CANCELED out). */
  excludeStatus?: SubscriptionStatus;
  planId?: string;
  customerId?: string;
}

/** One subscription of the tenant whose SQL this is; `subscription_not_found` when unknown (or another tenant's). */
export async function requireSubscription(sql: SubscriptionSql, id: string): Promise<SubscriptionRecord> {
  const subscription = await findSubscription(sql, id);
  if (subscription === undefined) throw subscriptionNotFound(id);
  return subscription;
}

/** A page of the tenant's subscriptions, newest first (ids are monotonic ULIDs, so they break ties). */
export async function listSubscriptions(
  sql: SubscriptionSql,
  filter: SubscriptionFilter,
  window: { limit: number; offset: number },
): Promise<{ records: SubscriptionRecord[]; total: number }> {
  const { where, params } = whereOf(filter);
  const table = sql.table('subscriptions');
  const [rows, totals] = await Promise.all([
    sql.query<SubscriptionRow>(
      `select ${SUBSCRIPTION_COLUMNS} from ${table} ${where} order by created_at desc, id desc limit ? offset ?`,
      [...params, window.limit, window.offset],
    ),
    sql.query<{ total: string }>(`select count(*) as total from ${table} ${where}`, params),
  ]);
  return { records: rows.map(toSubscriptionRecord), total: Number(totals[0]?.total ?? 0) };
}

function whereOf(filter: SubscriptionFilter): { where: string; params: SqlParam[] } {
  const columns: [keyof SubscriptionFilter, string][] = [
    ['status', 'status = ?'],
    ['excludeStatus', 'status <> ?'],
    ['planId', 'plan_id = ?'],
    ['customerId', 'customer_id = ?'],
  ];
  const present = columns.filter(([key]) => filter[key] !== undefined);
  if (present.length === 0) return { where: '', params: [] };
  return {
    where: `where ${present.map(([, condition]) => condition).join(' and ')}`,
    params: present.map(([key]) => filter[key] ?? null),
  };
}

/**
 * Replaces the metadata (the one column the API writes after creation; the lifecycle belongs to the workflow).
 * Undefined when the subscription is unknown.
 */
export async function replaceSubscriptionMetadata(
  sql: SubscriptionSql,
  change: { id: SubscriptionId; metadata: Record<string, string>; now: Date },
): Promise<SubscriptionRecord | undefined> {
  const row = await sql.one<SubscriptionRow>(
    `update ${sql.table('subscriptions')} set metadata = ?::jsonb, updated_at = ?
      where id = ? returning ${SUBSCRIPTION_COLUMNS}`,
    [JSON.stringify(change.metadata), change.now, change.id],
  );
  return row === undefined ? undefined : toSubscriptionRecord(row);
}

/** The ids of every subscription of these customers, whatever their status, oldest first. */
export async function listCustomerSubscriptionIds(sql: SubscriptionSql, customerIds: string[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('subscriptions')} where customer_id = any(string_to_array(?, ','))
      order by created_at, id`,
    [customerIds.join(',')],
  );
  return rows.map((row) => row.id);
}
