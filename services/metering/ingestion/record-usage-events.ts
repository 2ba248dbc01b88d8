import type { SqlTransaction } from '../../../infra/db/sql';
import { noteUsageEventsIngested } from '../../../infra/metrics';
import { validationFailed, type ErrorDetail } from '../../platform/errors';
import { retryOnDeadlock } from './deadlock-retry';
import { settleRefusedReplays, throwProblems, type Outcome, type Problem } from './event-outcomes';
import type { EventInput, EventRecord, EventSql, SentEventInput } from './event-records';
import { resolveSubscriptionIds } from './external-subscription-ids';
import { propertyProblemsOf } from './event-rules';
import type { MetricCatalog } from './metric-catalog';
import { storeUndecidedEvents } from './store-events';
import type { SubscriptionUsage } from './subscription-port';
import type { CustomerTimes } from './customer-times-port';
import { lockUsageWindows } from './subscription-windows';
import type { UsageRecordedListener } from './usage-recorded-port';
import { judgeTimestamp, type UsageWindow } from './usage-window';

export interface RecordUsageEventsRequest {
  catalog: MetricCatalog;
  /** Billing's answers about subscriptions, their closed segments and invoices (ingestion's port). */
  subscriptions: SubscriptionUsage;
  /** The time of receipt: the default timestamp, and what "in the future" is measured from. */
  now: Date;
  /** The time of customers on a test clock, which replaces `now` for their events; absent: every customer's is `now`. */
  customerTimes?: CustomerTimes;
  /** Told which customers' usage the request stored (billing's wallets check their balance); absent: nobody. */
  usageRecorded?: UsageRecordedListener;
}

export interface RecordedUsageEvent {
  id: string;
  transactionId: string;
  /** An identical replay of an event stored before: nothing was added. */
  duplicate: boolean;
}

export interface RecordedUsageBatch {
  created: number;
  duplicates: number;
  /** In input order. */
  events: RecordedUsageEvent[];
}

/**
 * POST /events: 404 for an unknown subscription, otherwise as a batch of one; the stored event either way
 * (`duplicate` when it was there before).
 */
export async function recordUsageEvent(
  sql: EventSql,
  request: RecordUsageEventsRequest & { event: SentEventInput },
): Promise<{ record: EventRecord; duplicate: boolean }> {
  const [outcome] = await ingest(sql, { ...request, events: [request.event], single: true });
  if (outcome?.stored === undefined) throw new Error('POST /events decided no outcome');
  return { record: outcome.stored, duplicate: outcome.duplicate };
}

/**
 * POST /events/batch (CONTRACT §10): validated whole before anything is stored, then stored by one statement; any
 * refused event refuses the batch, naming it (`body.events.<i>.<field>`).
 */
export async function recordUsageEventBatch(
  sql: EventSql,
  request: RecordUsageEventsRequest & { events: readonly SentEventInput[] },
): Promise<RecordedUsageBatch> {
  const outcomes = await ingest(sql, { ...request, single: false });
  const events = outcomes.map((outcome, index) => ({
    id: outcome.id,
    transactionId: request.events[index]?.transactionId ?? '',
    duplicate: outcome.duplicate,
  }));
  const duplicates = events.filter((event) => event.duplicate).length;
  return { created: events.length - duplicates, duplicates, events };
}

interface IngestRequest extends RecordUsageEventsRequest {
  events: readonly SentEventInput[];
  single: boolean;
}

async function ingest(sql: EventSql, sentRequest: IngestRequest): Promise<Outcome[]> {
  const { now, single } = sentRequest;
  const pathOf = (index: number) => (single ? 'body' : `body.events.${index}`);
  assertDistinctTransactionIds(sentRequest.events, pathOf);
  const events = await resolveSubscriptionIds(sql, { ...sentRequest, pathOf });
  const request = { ...sentRequest, events };
  const definitions = await request.catalog.definitionsOf(sql);
  const sent = events.map((event) => (event.timestamp === undefined ? undefined : new Date(event.timestamp)));
  const propertyProblems = events.map((event, index) =>
    propertyProblemsOf(event, definitions.get(event.code), pathOf(index)).map((detail): Problem => ({
      kind: 'invalid',
      detail,
    })),
  );
  const subscriptionIds = [...new Set(events.map((event) => event.subscriptionId))];
  const outcomes = await retryOnDeadlock(() =>
    sql.transactional(async (transaction) => {
      const windows = await lockUsageWindows(sql, {
        subscriptions: request.subscriptions,
        subscriptionIds,
        receivedAt: now,
        customerTimes: request.customerTimes,
        since: (nowOf) => earliestOf(events.map((event, index) => sent[index] ?? nowOf(event.subscriptionId) ?? now)),
        transaction,
      });
      // An event without a timestamp happened when it was received, on its customer's clock.
      const timestamps = events.map((event, index) => sent[index] ?? windows.get(event.subscriptionId)?.now ?? now);
      const problems = events.map((event, index) => {
        const found = [...(propertyProblems[index] ?? [])];
        const window = windows.get(event.subscriptionId);
        const timestamp = timestamps[index] ?? now;
        const windowProblem =
          window === undefined
            ? unknownSubscription(pathOf(index))
            : timestampProblem(window, timestamp, window.now, pathOf(index));
        if (windowProblem !== undefined) found.push(windowProblem);
        return found;
      });
      const replayed = await settleRefusedReplays(sql, { events, problems, pathOf, transaction });
      throwProblems({ problems, conflicts: replayed.conflicts, single, events });
      const outcomes = await storeUndecidedEvents(sql, {
        events,
        timestamps,
        windows,
        receivedAt: now,
        decided: replayed.outcomes,
        pathOf,
        single,
        transaction,
      });
      await announceUsage(sql, { request, windows, outcomes, transaction });
      return outcomes;
    }),
  );
  // After the commit: a request refused or rolled back ingested nothing.
  const duplicates = outcomes.filter((outcome) => outcome.duplicate).length;
  noteUsageEventsIngested({ stored: outcomes.length - duplicates, duplicates });
  return outcomes;
}

/** Once per request: the customers whose events it stored (a batch of duplicates stored nothing to tell). */
async function announceUsage(
  sql: EventSql,
  stored: {
    request: RecordUsageEventsRequest & { events: readonly EventInput[] };
    windows: ReadonlyMap<string, UsageWindow>;
    outcomes: readonly Outcome[];
    transaction: SqlTransaction;
  },
): Promise<void> {
  const { request, windows, outcomes, transaction } = stored;
  if (request.usageRecorded === undefined) return;
  const customerIds = new Set<string>();
  request.events.forEach((event, index) => {
    const customerId = windows.get(event.subscriptionId)?.customerId;
    if (outcomes[index]?.duplicate === false && customerId !== undefined) customerIds.add(customerId);
  });
  if (customerIds.size > 0) await request.usageRecorded(sql, { customerIds: [...customerIds], transaction });
}

function earliestOf(instants: readonly Date[]): Date {
  return new Date(Math.min(...instants.map((instant) => instant.getTime())));
}

function unknownSubscription(path: string): Problem {
  return {
    kind: 'unknown_subscription',
    detail: { path: `${path}.subscriptionId`, message: 'is not a known subscription' },
  };
}

function timestampProblem(window: UsageWindow, timestamp: Date, now: Date, path: string): Problem | undefined {
  const refusal = judgeTimestamp(window, timestamp, now);
  return refusal === undefined
    ? undefined
    : { kind: refusal.kind, detail: { path: `${path}.timestamp`, message: refusal.message } };
}

function assertDistinctTransactionIds(events: readonly SentEventInput[], pathOf: (index: number) => string): void {
  const firstAt = new Map<string, number>();
  const details: ErrorDetail[] = [];
  events.forEach((event, index) => {
    const first = firstAt.get(event.transactionId);
    if (first === undefined) firstAt.set(event.transactionId, index);
    else details.push({ path: `${pathOf(index)}.transactionId`, message: `repeats that of ${pathOf(first)}` });
  });
  if (details.length > 0) throw validationFailed(details);
}
