import { eventSubscriptionNotFound } from './event-errors';
import type { EventRecord, EventSql } from './event-records';
import { listSubscriptionEvents, type SubscriptionEventFilters } from './event-store';
import type { SubscriptionUsage } from './subscription-port';

/** GET /events/subscription/:id: a page of its events; an unknown or another tenant's subscription is a 404. */
export async function listEventsOfSubscription(
  sql: EventSql,
  request: {
    subscriptionId: string;
    filters: SubscriptionEventFilters;
    limit: number;
    offset: number;
    subscriptions: SubscriptionUsage;
  },
): Promise<{ records: EventRecord[]; total: number }> {
  const [known, page] = await Promise.all([
    request.subscriptions.subscriptionExists(sql, request.subscriptionId),
    listSubscriptionEvents(sql, request),
  ]);
  if (!known) throw eventSubscriptionNotFound(request.subscriptionId);
  return page;
}
