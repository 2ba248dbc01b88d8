import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/**
 * The past-due standing last signalled to a subscription's workflow (true: past due), undefined when none is
 * recorded. Read and written by the past-due reconciliation under its lock, in its transaction.
 */
export async function findPastDueSignalled(
  sql: TenantSql<'subscriptions'>,
  subscriptionId: string,
  transaction: SqlTransaction,
): Promise<boolean | undefined> {
  const row = await sql.one<{ past_due_signalled: boolean | null }>(
    `select past_due_signalled from ${sql.table('subscriptions')} where id = ?`,
    [subscriptionId],
    transaction,
  );
  return row?.past_due_signalled ?? undefined;
}

export async function recordPastDueSignalled(
  sql: TenantSql<'subscriptions'>,
  input: { subscriptionId: string; pastDue: boolean },
  transaction: SqlTransaction,
): Promise<void> {
  await sql.query(
    `update ${sql.table('subscriptions')} set past_due_signalled = ? where id = ?`,
    [input.pastDue, input.subscriptionId],
    transaction,
  );
}
