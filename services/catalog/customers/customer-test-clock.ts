import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { findTestClock, type TestClockRecord } from '../test-clocks';

// Any table: the clock is read through its own module.
type CustomersTable = TenantSql;

/** The test clock the customer lives on (deleted or not), null for an ordinary customer or an unknown id. */
export async function findCustomerTestClock(
  sql: CustomersTable,
  customerId: string,
  transaction?: SqlTransaction,
): Promise<TestClockRecord | null> {
  const row = await sql.one<{ test_clock_id: string | null }>(
    `select test_clock_id from ${sql.table('customers')} where id = ?`,
    [customerId],
    transaction,
  );
  if (row?.test_clock_id == null) return null;
  return (await findTestClock(sql, row.test_clock_id, transaction)) ?? null;
}

/** The ids of the clock's customers (deleted ones too: their workflows may still run), oldest first. */
export async function listTestClockCustomerIds(sql: CustomersTable, clockId: string): Promise<string[]> {
  const rows = await sql.query<{ id: string }>(
    `select id from ${sql.table('customers')} where test_clock_id = ? order by created_at, id`,
    [clockId],
  );
  return rows.map((row) => row.id);
}
