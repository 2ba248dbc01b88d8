import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

/** The ids of a test clock's customers, deleted ones included. */
export async function listTestClockCustomerIds(
  sql: TenantSql<'customers'>,
  clockId: string,
  transaction?: SqlTransaction,
): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('customers')} where test_clock_id = ? order by id`,
    [clockId],
    transaction,
  );
  return rows.map((row) => row.id);
}

/** Removes a test clock's customers for good (its deletion, in its transaction, after everything of theirs). */
export async function deleteTestClockCustomers(
  sql: TenantSql<'customers'>,
  transaction: SqlTransaction,
  clockId: string,
): Promise<void> {
  await sql.query(`delete from ${sql.table('customers')} where test_clock_id = ?`, [clockId], transaction);
}
