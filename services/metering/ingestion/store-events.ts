import type { SqlTransaction } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';
import type { ErrorDetail } from '../../platform/errors';
import { eventTransactionIdTaken } from './event-errors';
import { conflictDetail, isSameEvent, type Outcome } from './event-outcomes';
import type { EventInput, EventRecord, EventSql } from './event-records';
import { findEventsByTransactionIds, insertEventRow, insertEventRows, type NewEventRow } from './event-store';
import type { TimedUsageWindow } from './subscription-windows';

type IndexedRow = NewEventRow & { index: number };

/**
 * Stores the events not yet decided with one statement. When it stored fewer rows than it was given, a concurrent
 * batch stored some first: the batch's rows are read back, those holding the id made here are this batch's, the
 * others are compared (identical: duplicate; different: the whole batch is a 409 and rolls back).
 */
export async function storeUndecidedEvents(
  sql: EventSql,
  request: {
    events: readonly EventInput[];
    timestamps: readonly Date[];
    windows: ReadonlyMap<string, TimedUsageWindow>;
    /** The time of receipt on the wall clock: a window at another time is a test clock's. */
    receivedAt: Date;
    decided: Map<number, Outcome>;
    pathOf: (index: number) => string;
    single: boolean;
    transaction: SqlTransaction;
  },
): Promise<Outcome[]> {
  const { events, decided, transaction } = request;
  const rows = undecidedRows(request);
  const [first] = rows;
  let storedHere: EventRecord | undefined;
  let allStored: boolean;
  if (request.single && first !== undefined && rows.length === 1) {
    storedHere = await insertEventRow(sql, first, transaction);
    allStored = storedHere !== undefined;
  } else {
    allStored = (await insertEventRows(sql, rows, transaction)) === rows.length;
  }
  const found = allStored
    ? new Map<string, EventRecord>()
    : await findEventsByTransactionIds(
        sql,
        rows.map((row) => row.transactionId),
        transaction,
      );
  const conflicts: ErrorDetail[] = [];
  for (const row of rows) {
    const existing = found.get(row.transactionId);
    if (allStored || existing?.id === row.id) {
      decided.set(row.index, { stored: storedHere ?? existing, id: row.id, duplicate: false });
      continue;
    }
    const event = events[row.index];
    if (existing === undefined || event === undefined) {
      throw new Error(`Event ${row.transactionId} neither stored nor found`);
    }
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

function undecidedRows(request: {
  events: readonly EventInput[];
  timestamps: readonly Date[];
  windows: ReadonlyMap<string, TimedUsageWindow>;
  receivedAt: Date;
  decided: ReadonlyMap<number, Outcome>;
}): IndexedRow[] {
  const rows: IndexedRow[] = [];
  request.events.forEach((event, index) => {
    if (request.decided.has(index)) return;
    const window = request.windows.get(event.subscriptionId);
    rows.push({
      index,
      id: newId('usageEvent'),
      transactionId: event.transactionId,
      subscriptionId: event.subscriptionId,
      customerId: window?.customerId ?? '',
      code: event.code,
      timestamp: request.timestamps[index] ?? new Date(0),
      properties: event.properties ?? {},
      createdAt: window === undefined || window.now.getTime() === request.receivedAt.getTime() ? null : window.now,
    });
  });
  return rows;
}
