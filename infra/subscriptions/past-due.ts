import type { EntityManager } from '@mikro-orm/postgresql';
import { recordEvent } from '../outbox/record-event';
import {
  findSubscription,
  subscriptionSql,
  type SubscriptionRecord,
  type SubscriptionStatus,
} from './subscription-records';
import { subscriptionView } from './subscription-view';

export type PastDueResult =
  | {
      ok: true;
      subscription: SubscriptionRecord;
      /** False when it was already PAST_DUE: a retried call changes nothing and records no second event. */
      changed: boolean;
    }
  | { ok: false; error: { code: 'subscription_not_found' } }
  | { ok: false; error: { code: 'invalid_state_transition'; status: SubscriptionStatus } };

/**
 * ACTIVE → PAST_DUE (a renewal invoice went unpaid; the payments issue calls this from its workflow), with the
 * `subscription.past_due` event in the same transaction, under the row lock. Any other status is a conflict: only
 * a billed, running subscription can fall behind on payment.
 */
export async function markSubscriptionPastDue(
  em: EntityManager,
  subscriptionId: string,
  now: Date,
): Promise<PastDueResult> {
  const sql = subscriptionSql(em);
  return sql.transactional(async (transaction): Promise<PastDueResult> => {
    const current = await findSubscription(sql, { id: subscriptionId, transaction, forUpdate: true });
    if (current === null) return { ok: false, error: { code: 'subscription_not_found' } };
    if (current.status === 'PAST_DUE') return { ok: true, subscription: current, changed: false };
    if (current.status !== 'ACTIVE') {
      return { ok: false, error: { code: 'invalid_state_transition', status: current.status } };
    }
    await sql.query(
      `update ${sql.table('subscriptions')} set status = 'PAST_DUE', updated_at = ? where id = ?`,
      [now, subscriptionId],
      transaction,
    );
    const updated = await findSubscription(sql, { id: subscriptionId, transaction });
    if (updated === null) throw new Error(`subscription ${subscriptionId} vanished inside its own transaction`);
    await recordEvent(sql, transaction, {
      type: 'subscription.past_due',
      data: subscriptionView(updated),
      occurredAt: now,
    });
    return { ok: true, subscription: updated, changed: true };
  });
}
