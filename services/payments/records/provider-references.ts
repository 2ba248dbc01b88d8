import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';

type PaymentsTable = TenantSql<'payments'>;

/** Whether a PENDING payment was made through the provider configuration (its verification still needs it). */
export async function hasPendingPaymentsThrough(
  sql: PaymentsTable,
  request: { providerId: string; transaction: SqlTransaction },
): Promise<boolean> {
  const row = await sql.one<{ pending: boolean }>(
    `select exists (select 1 from ${sql.table('payments')} where provider_id = ? and status = 'PENDING') as pending`,
    [request.providerId],
    request.transaction,
  );
  return row?.pending === true;
}

/**
 * The ids of the payments made through a provider configuration, as an SQL expression over `providerId` (an
 * expression of the caller's statement, a `?` for instance), for a check that stays one statement.
 */
export function paymentsThroughProvider(sql: PaymentsTable, providerId: string): string {
  return `(select id from ${sql.table('payments')} where provider_id = ${providerId})`;
}
