import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

const listOf = (ids: readonly string[]) => ids.map(() => '?').join(', ');

/** Removes the customers' credit notes with their items (a test clock's deletion, in its transaction). */
export async function deleteCustomersCreditNotes(
  sql: TenantSql<'credit_notes' | 'credit_note_items'>,
  transaction: SqlTransaction,
  customerIds: readonly string[],
): Promise<void> {
  if (customerIds.length === 0) return;
  const notes = `(select id from ${sql.table('credit_notes')} where customer_id in (${listOf(customerIds)}))`;
  await sql.query(
    `delete from ${sql.table('credit_note_items')} where credit_note_id in ${notes}`,
    customerIds,
    transaction,
  );
  await sql.query(
    `delete from ${sql.table('credit_notes')} where customer_id in (${listOf(customerIds)})`,
    customerIds,
    transaction,
  );
}
