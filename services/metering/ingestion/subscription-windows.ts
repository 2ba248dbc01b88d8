import type { SqlTransaction } from '../../../infra/db/sql';
import type { EventSql } from './event-records';
import type { ClosedSegment, SubscriptionUsage, SubscriptionUsageFacts } from './subscription-port';
import type { CustomerTimes } from './customer-times-port';
import type { UsageSegment, UsageWindow } from './usage-window';

/** A usage window with the time of receipt on its customer's clock (the test clock's, for a customer on one). */
export interface TimedUsageWindow extends UsageWindow {
  now: Date;
}

/**
 * The usage windows of the batch's subscriptions, keyed by id (unknown ids are absent). The subscription rows are
 * share-locked first, in id order, by one statement; a usage close takes its subscription `for update`, so it either
 * committed before (and the segments read next, by a statement of its own with a fresh snapshot, show its segment)
 * or waits for this transaction to commit (and its usage counts these events). A finalize takes the subscription's
 * lock too, so the DRAFTs read after the segments are still DRAFTs. The lock also gives the transaction its xid before
 * it takes any event `seq`, which the wallet checks' running aggregates rely on (`advanceTally`): keep it first. Only
 * segments ending after `since` (the batch's
 * earliest timestamp, given each subscription's time of receipt for the events that send none) can hold one of its
 * events.
 */
export async function lockUsageWindows(
  sql: EventSql,
  request: {
    subscriptions: SubscriptionUsage;
    subscriptionIds: readonly string[];
    /** The time of receipt on the wall clock. */
    receivedAt: Date;
    customerTimes: CustomerTimes | undefined;
    since: (nowOf: (subscriptionId: string) => Date | undefined) => Date;
    transaction: SqlTransaction;
  },
): Promise<Map<string, TimedUsageWindow>> {
  const { subscriptions, transaction } = request;
  const facts = await subscriptions.lockSubscriptionsForUsage(sql, {
    subscriptionIds: request.subscriptionIds,
    transaction,
  });
  const windows = new Map<string, TimedUsageWindow>();
  if (facts.length === 0) return windows;
  const customerIds = [...new Set(facts.map((subscription) => subscription.customerId))];
  const times: ReadonlyMap<string, Date> =
    request.customerTimes === undefined ? new Map() : await request.customerTimes(customerIds, transaction);
  const nowByCustomer = (customerId: string): Date => times.get(customerId) ?? request.receivedAt;
  const customerOf = new Map(facts.map((subscription) => [subscription.id, subscription.customerId]));
  const since = request.since((subscriptionId) => {
    const customerId = customerOf.get(subscriptionId);
    return customerId === undefined ? undefined : nowByCustomer(customerId);
  });
  const subscriptionIds = facts.map((subscription) => subscription.id);
  const closed = await subscriptions.listClosedSegments(sql, { subscriptionIds, since, transaction });
  const invoiceIds = [...new Set(closed.flatMap((segment) => (segment.invoiceId === null ? [] : [segment.invoiceId])))];
  const drafts =
    invoiceIds.length === 0
      ? new Set<string>()
      : await subscriptions.listDraftInvoices(sql, { invoiceIds, transaction });
  const segments = segmentsBySubscription(closed, drafts);
  for (const subscription of facts) {
    windows.set(subscription.id, { ...windowOf(subscription, segments), now: nowByCustomer(subscription.customerId) });
  }
  return windows;
}

function windowOf(subscription: SubscriptionUsageFacts, segments: Map<string, UsageSegment[]>): UsageWindow {
  const { status, canceledAt, cancelAt, pausedAt } = subscription;
  return {
    subscriptionId: subscription.id,
    customerId: subscription.customerId,
    startDate: subscription.startDate,
    currentPeriodStart: subscription.currentPeriodStart,
    endsAt: status === 'CANCELED' ? (canceledAt ?? cancelAt) : cancelAt,
    pausedAt: status === 'PAUSED' ? pausedAt : null,
    segments: segments.get(subscription.id) ?? [],
  };
}

/** A segment is open while the invoice it went on is a DRAFT (one that billed nothing is closed). */
function segmentsBySubscription(
  closed: readonly ClosedSegment[],
  drafts: ReadonlySet<string>,
): Map<string, UsageSegment[]> {
  const bySubscription = new Map<string, UsageSegment[]>();
  for (const segment of closed) {
    const list = bySubscription.get(segment.subscriptionId) ?? [];
    list.push({
      start: segment.start,
      end: segment.end,
      open: segment.invoiceId !== null && drafts.has(segment.invoiceId),
    });
    bySubscription.set(segment.subscriptionId, list);
  }
  return bySubscription;
}
