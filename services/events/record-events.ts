import { isDeepStrictEqual } from 'node:util';
import type { SqlTransaction } from '../../infra/db/sql';
import { newId } from '../../infra/ids';
import { validationFailed, type ErrorDetail } from '../errors';
import {
  eventPeriodClosed,
  eventSubscriptionNotFound,
  eventSubscriptionPaused,
  eventTransactionIdTaken,
} from './event-errors';
import type { EventInput, EventRecord, EventSql } from './event-records';
import { findPropertyProblems } from './event-rules';
import { findEventsByTransactionIds, insertEventRow, insertEventRows, type NewEventRow } from './event-store';
import type { MetricCatalog } from './metric-catalog';
import { lockUsageWindows } from './subscription-windows';
import { judgeTimestamp, type UsageWindow } from './usage-window';
import { retryOnDeadlock } from './deadlock-retry';

export interface RecordEventsRequest {
  catalog: MetricCatalog;
  /** The time of receipt: the default timestamp, and what "in the future" is measured from. */
  now: Date;
}

export interface RecordedEvent {
  id: string;
  transactionId: string;
  /** An identical replay of an event stored before: nothing was added. */
  duplicate: boolean;
}

export interface RecordedBatch {
  created: number;
  duplicates: number;
  /** In input order. */
  events: RecordedEvent[];
}

type ProblemKind = 'invalid' | 'unknown_subscription' | 'paused' | 'closed';
interface Problem {
  kind: ProblemKind;
  detail: ErrorDetail;
}

/** An event's outcome once decided: stored now, or the stored event it replays. */
type Outcome = { stored: EventRecord | undefined; id: string; duplicate: boolean };

/**
 * POST /events: 404 for an unknown subscription, otherwise as a batch of one; the stored event either way
 * (`duplicate` when it was there before).
 */
export async function recordEvent(
  sql: EventSql,
  request: RecordEventsRequest & { event: EventInput },
): Promise<{ record: EventRecord; duplicate: boolean }> {
  const [outcome] = await ingest(sql, { ...request, events: [request.event], single: true });
  if (outcome?.stored === undefined) throw new Error('POST /events decided no outcome');
  return { record: outcome.stored, duplicate: outcome.duplicate };
}

/**
 * POST /events/batch (CONTRACT §10): validated whole before anything is stored, then stored by one statement; any
 * refused event refuses the batch, naming it (`body.events.<i>.<field>`).
 */
export async function recordEventBatch(
  sql: EventSql,
  request: RecordEventsRequest & { events: readonly EventInput[] },
): Promise<RecordedBatch> {
  const outcomes = await ingest(sql, { ...request, single: false });
  const events = outcomes.map((outcome, index) => ({
    id: outcome.id,
    transactionId: request.events[index]?.transactionId ?? '',
    duplicate: outcome.duplicate,
  }));
  const duplicates = events.filter((event) => event.duplicate).length;
  return { created: events.length - duplicates, duplicates, events };
}

interface IngestRequest extends RecordEventsRequest {
  events: readonly EventInput[];
  single: boolean;
}

async function ingest(sql: EventSql, request: IngestRequest): Promise<Outcome[]> {
  const { events, now, single } = request;
  const pathOf = (index: number) => (single ? 'body' : `body.events.${index}`);
  assertDistinctTransactionIds(events, pathOf);
  const definitions = await request.catalog.definitionsOf(sql);
  const timestamps = events.map((event) => (event.timestamp === undefined ? now : new Date(event.timestamp)));
  const propertyProblems = events.map((event, index) =>
    findPropertyProblems(event, definitions.get(event.code), pathOf(index)).map((detail): Problem => ({
      kind: 'invalid',
      detail,
    })),
  );
  const subscriptionIds = [...new Set(events.map((event) => event.subscriptionId))];
  const since = new Date(Math.min(...timestamps.map((timestamp) => timestamp.getTime())));
  return retryOnDeadlock(() =>
    sql.transactional(async (transaction) => {
      const windows = await lockUsageWindows(sql, { subscriptionIds, since, transaction });
      const problems = events.map((event, index) => {
        const found = [...(propertyProblems[index] ?? [])];
        const window = windows.get(event.subscriptionId);
        const timestamp = timestamps[index] ?? now;
        const windowProblem =
          window === undefined
            ? unknownSubscription(pathOf(index))
            : timestampProblem(window, timestamp, now, pathOf(index));
        if (windowProblem !== undefined) found.push(windowProblem);
        return found;
      });
      const replayed = await settleRefusedReplays(sql, { events, problems, pathOf, transaction });
      throwProblems({ problems, conflicts: replayed.conflicts, single, events });
      return store(sql, { events, timestamps, windows, decided: replayed.outcomes, pathOf, single, transaction });
    }),
  );
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

function assertDistinctTransactionIds(events: readonly EventInput[], pathOf: (index: number) => string): void {
  const firstAt = new Map<string, number>();
  const details: ErrorDetail[] = [];
  events.forEach((event, index) => {
    const first = firstAt.get(event.transactionId);
    if (first === undefined) firstAt.set(event.transactionId, index);
    else details.push({ path: `${pathOf(index)}.transactionId`, message: `repeats that of ${pathOf(first)}` });
  });
  if (details.length > 0) throw validationFailed(details);
}

/** The same event as sent (CONTRACT §10): subscription, code, properties deep equal, timestamp only when sent. */
export function isSameEvent(stored: EventRecord, event: EventInput): boolean {
  return (
    stored.subscriptionId === event.subscriptionId &&
    stored.code === event.code &&
    isDeepStrictEqual(stored.properties, event.properties ?? {}) &&
    (event.timestamp === undefined || new Date(event.timestamp).getTime() === stored.timestamp.getTime())
  );
}

/**
 * An identical replay of a stored event is a duplicate whatever has changed since (the period closed, the
 * subscription paused), so a client retrying a batch after a close still gets its answer. Only refused events are
 * looked up: an accepted batch pays nothing for this.
 */
async function settleRefusedReplays(
  sql: EventSql,
  request: {
    events: readonly EventInput[];
    problems: Problem[][];
    pathOf: (index: number) => string;
    transaction: SqlTransaction;
  },
): Promise<{ outcomes: Map<number, Outcome>; conflicts: ErrorDetail[] }> {
  const { events, problems, pathOf } = request;
  const outcomes = new Map<number, Outcome>();
  const conflicts: ErrorDetail[] = [];
  const refused = events.flatMap((event, index) => ((problems[index]?.length ?? 0) > 0 ? [index] : []));
  if (refused.length === 0) return { outcomes, conflicts };
  const stored = await findEventsByTransactionIds(
    sql,
    refused.map((index) => events[index]?.transactionId ?? ''),
    request.transaction,
  );
  for (const index of refused) {
    const event = events[index];
    const existing = event === undefined ? undefined : stored.get(event.transactionId);
    if (event === undefined || existing === undefined) continue;
    problems[index] = [];
    if (isSameEvent(existing, event)) outcomes.set(index, { stored: existing, id: existing.id, duplicate: true });
    else conflicts.push(conflictDetail(pathOf(index), existing));
  }
  return { outcomes, conflicts };
}

function conflictDetail(path: string, existing: EventRecord): ErrorDetail {
  return { path: `${path}.transactionId`, message: `was already used by event ${existing.id} with another payload` };
}

/** Refusals in order: the single event's unknown subscription (404), invalid fields, taken ids, pauses, closes. */
function throwProblems(request: {
  problems: readonly Problem[][];
  conflicts: readonly ErrorDetail[];
  single: boolean;
  events: readonly EventInput[];
}): void {
  const all = request.problems.flat();
  if (request.single && all.some((problem) => problem.kind === 'unknown_subscription')) {
    throw eventSubscriptionNotFound(request.events[0]?.subscriptionId ?? '');
  }
  const of = (...kinds: ProblemKind[]) =>
    all.filter((problem) => kinds.includes(problem.kind)).map(({ detail }) => detail);
  const invalid = of('invalid', 'unknown_subscription');
  if (invalid.length > 0) throw validationFailed(invalid);
  if (request.conflicts.length > 0) throw eventTransactionIdTaken(request.conflicts);
  const paused = of('paused');
  if (paused.length > 0) throw eventSubscriptionPaused(paused);
  const closed = of('closed');
  if (closed.length > 0) throw eventPeriodClosed(closed);
}

/**
 * Stores the events not yet decided with one statement; those a concurrent batch stored first are read back and
 * compared (identical: duplicate; different: the whole batch is a 409 and rolls back).
 */
async function store(
  sql: EventSql,
  request: {
    events: readonly EventInput[];
    timestamps: readonly Date[];
    windows: ReadonlyMap<string, UsageWindow>;
    decided: Map<number, Outcome>;
    pathOf: (index: number) => string;
    single: boolean;
    transaction: SqlTransaction;
  },
): Promise<Outcome[]> {
  const { events, decided, transaction } = request;
  const rows: (NewEventRow & { index: number })[] = [];
  events.forEach((event, index) => {
    if (decided.has(index)) return;
    rows.push({
      index,
      id: newId('usageEvent'),
      transactionId: event.transactionId,
      subscriptionId: event.subscriptionId,
      customerId: request.windows.get(event.subscriptionId)?.customerId ?? '',
      code: event.code,
      timestamp: request.timestamps[index] ?? new Date(0),
      properties: event.properties ?? {},
    });
  });
  const inserted = await insertRows(sql, rows, request.single, transaction);
  const taken = rows.filter((row) => !inserted.has(row.transactionId));
  const stored = await findEventsByTransactionIds(
    sql,
    taken.map((row) => row.transactionId),
    transaction,
  );
  const conflicts: ErrorDetail[] = [];
  for (const row of rows) {
    const insertedRecord = inserted.get(row.transactionId);
    if (insertedRecord !== undefined) {
      decided.set(row.index, {
        stored: insertedRecord === true ? undefined : insertedRecord,
        id: row.id,
        duplicate: false,
      });
      continue;
    }
    const existing = stored.get(row.transactionId);
    const event = events[row.index];
    if (existing === undefined || event === undefined)
      throw new Error(`Event ${row.transactionId} neither stored nor found`);
    if (isSameEvent(existing, event)) decided.set(row.index, { stored: existing, id: existing.id, duplicate: true });
    else conflicts.push(conflictDetail(request.pathOf(row.index), existing));
  }
  if (conflicts.length > 0) throw eventTransactionIdTaken(conflicts);
  return events.map((_, index) => {
    const outcome = decided.get(index);
    if (outcome === undefined) throw new Error(`Event ${index} has no outcome`);
    return outcome;
  });
}

/** transactionId → the stored record (a single event) or true (a batch, which reads back no records). */
async function insertRows(
  sql: EventSql,
  rows: readonly NewEventRow[],
  single: boolean,
  transaction: SqlTransaction,
): Promise<Map<string, EventRecord | true>> {
  const [first] = rows;
  if (single && first !== undefined && rows.length === 1) {
    const record = await insertEventRow(sql, first, transaction);
    return new Map(record === undefined ? [] : [[record.transactionId, record]]);
  }
  const inserted = await insertEventRows(sql, rows, transaction);
  return new Map([...inserted].map((transactionId) => [transactionId, true]));
}
