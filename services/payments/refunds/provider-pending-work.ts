import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { ProviderPendingWork } from '../providers';
import { hasPendingPaymentsThrough, paymentsThroughProvider } from '../records';

/** Whether a PENDING refund of a payment made through the provider configuration waits for its result. */
export async function hasPendingRefundsThrough(
  sql: TenantSql<'refunds' | 'payments'>,
  request: { providerId: string; transaction: SqlTransaction },
): Promise<boolean> {
  const row = await sql.one<{ pending: boolean }>(
    `select exists (select 1 from ${sql.table('refunds')}
                     where status = 'PENDING' and payment_id in ${paymentsThroughProvider(sql, '?')}) as pending`,
    [request.providerId],
    request.transaction,
  );
  return row?.pending === true;
}

/** What deleting a provider configuration asks of payments and refunds (the providers' port). */
export const providerPendingWork: ProviderPendingWork = {
  hasPendingWork: async (sql, providerId, transaction) =>
    (await hasPendingPaymentsThrough(sql, { providerId, transaction })) ||
    (await hasPendingRefundsThrough(sql, { providerId, transaction })),
};
