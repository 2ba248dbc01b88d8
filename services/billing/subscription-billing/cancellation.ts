import type { SubscriptionId } from '../../../domain/ids';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { CancelRequest } from '../../../workflows/subscriptions/messages';
import { listSubscriptionChangeCreditNoteIds } from '../credit-notes';
import { cancelSubscription, type SubscriptionActionContext, type SubscriptionRecord } from '../subscriptions';

/** A cancellation's answer: the subscription as stored after it, and the credit notes it issued. */
export interface Cancellation {
  subscription: SubscriptionRecord;
  /** The proration credit notes for the unused, already invoiced part of the period (cancel now); oldest first. */
  creditNoteIds: string[];
}

/**
 * Cancels through the subscription's workflow and names the credit notes the cancellation issued. The workflow's
 * update returns only once its lifecycle action has committed (credit notes, closing invoice and the CANCELED row in
 * one transaction), so the notes are there when the update answers: they are the subscription's change credit notes
 * that were not there before it. Its workflow runs one command at a time and a canceled subscription changes no
 * more: only another change sent at the same moment and run just before this one could add notes in between. A
 * cancellation at period end issues none.
 */
export async function cancelWithCreditNotes(
  context: SubscriptionActionContext & { sql: TenantSql },
  subscriptionId: SubscriptionId,
  request: CancelRequest,
): Promise<Cancellation> {
  if (request.cancelAt !== 'now') {
    return { subscription: await cancelSubscription(context, subscriptionId, request), creditNoteIds: [] };
  }
  const before = new Set(await listSubscriptionChangeCreditNoteIds(context.sql, subscriptionId));
  const subscription = await cancelSubscription(context, subscriptionId, request);
  const after = await listSubscriptionChangeCreditNoteIds(context.sql, subscriptionId);
  return { subscription, creditNoteIds: after.filter((id) => !before.has(id)) };
}
