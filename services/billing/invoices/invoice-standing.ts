import { isOverdue, type OverdueFacts } from '../../../domain/invoices';
import type { SqlTransaction } from '../../../infra/db/sql';
import { noteStandingChange } from '../subscriptions';

/**
 * Every write of an invoice's status or amounts ends here (the state writer, credit-note settlement). The
 * subscription's standing moves only when the invoice becomes or stops being overdue at `now`; anything else (a
 * DRAFT finalized with a due date ahead, a part payment) leaves it where it is, and tells no one.
 */
export async function noteInvoiceStanding(
  sql: { tenantId: string },
  transaction: SqlTransaction,
  change: { subscriptionId: string | null; before: OverdueFacts; after: OverdueFacts; now: Date },
): Promise<void> {
  if (isOverdue(change.before, change.now) === isOverdue(change.after, change.now)) return;
  await noteStandingChange(sql, transaction, { subscriptionId: change.subscriptionId, now: change.now });
}
