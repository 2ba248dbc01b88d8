import type { TenantSql } from '../../../infra/db/tenant-sql';
import { validationFailed, type ErrorDetail } from '../../platform/errors';
import { eventSubscriptionNotFound } from './event-errors';
import type { EventInput, SentEventInput } from './event-records';
import type { SubscriptionUsage } from './subscription-port';

/**
 * An event names its subscription by our id (`subscriptionId`) or by the caller's own (`externalSubscriptionId`, the
 * subscription's `externalId`), exactly one of the two. The external ids of the whole request are resolved by one
 * statement before anything else is judged, so the rest of ingestion sees our ids only. An unknown external id is a
 * 404 for a single event and a 400 naming the event in a batch, as an unknown `subscriptionId` is.
 */
export async function resolveSubscriptionIds(
  sql: TenantSql<'subscriptions'>,
  request: {
    events: readonly SentEventInput[];
    subscriptions: SubscriptionUsage;
    pathOf: (index: number) => string;
    single: boolean;
  },
): Promise<EventInput[]> {
  const { events, pathOf } = request;
  assertOneReference(events, pathOf);
  const externalIds = [...new Set(events.flatMap((event) => event.externalSubscriptionId ?? []))];
  const found = await request.subscriptions.findSubscriptionIdsByExternalIds(sql, externalIds);
  const unknown: ErrorDetail[] = [];
  const resolved = events.map((event, index): EventInput => {
    const { externalSubscriptionId, subscriptionId, ...rest } = event;
    if (externalSubscriptionId === undefined) return { ...rest, subscriptionId: subscriptionId ?? '' };
    const id = found.get(externalSubscriptionId);
    if (id === undefined) {
      unknown.push({ path: `${pathOf(index)}.externalSubscriptionId`, message: 'is not a known subscription' });
    }
    return { ...rest, subscriptionId: id ?? '' };
  });
  if (unknown.length === 0) return resolved;
  if (request.single) throw eventSubscriptionNotFound(`with externalId ${events[0]?.externalSubscriptionId ?? ''}`);
  throw validationFailed(unknown);
}

function assertOneReference(events: readonly SentEventInput[], pathOf: (index: number) => string): void {
  const details: ErrorDetail[] = [];
  events.forEach((event, index) => {
    if (event.subscriptionId !== undefined && event.externalSubscriptionId !== undefined) {
      details.push({
        path: `${pathOf(index)}.externalSubscriptionId`,
        message: 'must not be sent with subscriptionId: name the subscription by one of the two',
      });
    } else if (event.subscriptionId === undefined && event.externalSubscriptionId === undefined) {
      details.push({
        path: `${pathOf(index)}.subscriptionId`,
        message: 'is required (or externalSubscriptionId, the subscription’s externalId)',
      });
    }
  });
  if (details.length > 0) throw validationFailed(details);
}
