import type { SqlTransaction } from '../../../infra/db/sql';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import { recordOutboxEvent, type OutboxEventInput } from '../../platform/webhooks';

/** The tables a customer's event is recorded with. */
export type CustomerEventSql = TenantSql<'customers' | 'webhook_events'>;

/** An outbound event about one customer's record; the customer decides whether it belongs to a test clock. */
export interface CustomerEventInput extends Omit<OutboxEventInput, 'testClockId'> {
  customerId: string;
}

/**
 * Records an outbound event about a customer's record in the caller's transaction (see `recordOutboxEvent`). A
 * customer on a test clock tags it with the clock, so its envelope carries `testClockId`; `occurredAt` is the
 * caller's business time, the clock's time for such a customer. Deleted customers keep their clock.
 */
export async function recordCustomerEvent(
  sql: CustomerEventSql,
  transaction: SqlTransaction,
  event: CustomerEventInput,
): Promise<string> {
  const { customerId, ...outboxEvent } = event;
  const row = await sql.one<{ test_clock_id: string | null }>(
    `select test_clock_id from ${sql.table('customers')} where id = ?`,
    [customerId],
    transaction,
  );
  return recordOutboxEvent(sql, transaction, { ...outboxEvent, testClockId: row?.test_clock_id ?? null });
}
