import type { Sql, SqlTransaction } from '../../../infra/db/sql';
import type { SubscriptionSql } from './subscription-records';

/**
 * `central.pending_subscription_starts`: the subscriptions, of every tenant, whose workflow start is not yet
 * recorded. A row goes in with its subscription (same transaction) and out with the record of the start (same
 * statement), so the repair loop finds all its work in one indexed read, whatever the number of tenants.
 */

export interface PendingStart {
  tenantId: string;
  subscriptionId: string;
}

/** At most this many rows per repair pass; the next pass takes the rest. */
const PENDING_BATCH = 500;

/** Enters a new subscription in the index, inside the transaction that inserts its row. */
export async function recordPendingStart(
  sql: SubscriptionSql,
  transaction: SqlTransaction,
  subscriptionId: string,
): Promise<void> {
  await sql.query(
    'insert into central.pending_subscription_starts (tenant_id, subscription_id) values (?, ?)',
    [sql.tenantId, subscriptionId],
    transaction,
  );
}

/**
 * Notes that the subscription's workflow runs (a second call keeps the first instant) and takes it out of the
 * index, in one statement: no crash can leave a started subscription in the index, or take an unstarted one out.
 */
export async function markWorkflowStarted(sql: SubscriptionSql, id: string): Promise<void> {
  await sql.query(
    `with marked as (
       update ${sql.table('subscriptions')} set workflow_started_at = now() where id = ? and workflow_started_at is null
     )
     delete from central.pending_subscription_starts where tenant_id = ? and subscription_id = ?`,
    [id, sql.tenantId, id],
  );
}

/** The oldest pending starts entered more than `olderThanMs` ago. */
export async function listPendingStarts(sql: Sql, olderThanMs: number): Promise<PendingStart[]> {
  const rows = await sql.query<{ tenant_id: string; subscription_id: string }>(
    `select tenant_id, subscription_id from central.pending_subscription_starts
      where created_at < now() - make_interval(secs => ?)
      order by created_at limit ${PENDING_BATCH}`,
    [olderThanMs / 1000],
  );
  return rows.map((row) => ({ tenantId: row.tenant_id, subscriptionId: row.subscription_id }));
}

/** Drops an entry that has nothing left to start (its subscription, or its tenant's schema, is gone). */
export async function forgetPendingStart(sql: Sql, pending: PendingStart): Promise<void> {
  await sql.query('delete from central.pending_subscription_starts where tenant_id = ? and subscription_id = ?', [
    pending.tenantId,
    pending.subscriptionId,
  ]);
}
