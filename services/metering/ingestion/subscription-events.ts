import { eventSubscriptionNotFound } from './event-errors';
import type { EventRecord, EventSql } from './event-records';
import { listSubscriptionEvents, type SubscriptionEventFilters } from './event-store';

/** GET /events/subscription/:id: a page of its events; an unknown or another tenant's subscription is a 404. */
export async function listEventsOfSubscription(
  sql: EventSql,
  request: { subscriptionId: string; filters: SubscriptionEventFilters; limit: number; offset: number },
): Promise<{ records: EventRecord[]; total: number }> {
  const [known, page] = await Promise.all([
    sql.one<{ id: string }>(`select id from ${sql.table('subscriptions')} where id = ?`, [request.subscriptionId]),
    listSubscriptionEvents(sql, request),
  ]);
  if (known === undefined) throw eventSubscriptionNotFound(request.subscriptionId);
  return page;
}
