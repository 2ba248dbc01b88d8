import type { SqlTransaction } from '../../../infra/db/sql';
import { validationFailed, type ErrorDetail } from '../../platform/errors';
import {
  eventPeriodClosed,
  eventSubscriptionNotFound,
  eventSubscriptionPaused,
  eventTransactionIdTaken,
} from './event-errors';
import type { EventInput, EventProperties, EventRecord, EventSql } from './event-records';
import { findEventsByTransactionIds } from './event-store';

/** An event's outcome once decided: stored now (its record when read back), or the stored event it replays. */
export interface Outcome {
  stored: EventRecord | undefined;
  id: string;
  duplicate: boolean;
}

export type ProblemKind = 'invalid' | 'unknown_subscription' | 'paused' | 'closed';
export interface Problem {
  kind: ProblemKind;
  detail: ErrorDetail;
}

/** The same event as sent (CONTRACT §10): subscription, code, properties deep equal, timestamp only when sent. */
export function isSameEvent(stored: EventRecord, event: EventInput): boolean {
  return (
    stored.subscriptionId === event.subscriptionId &&
    stored.code === event.code &&
    isSameProperties(stored.properties, event.properties ?? {}) &&
    (event.timestamp === undefined || new Date(event.timestamp).getTime() === stored.timestamp.getTime())
  );
}

/**
 * The same keys with the same values, a string never equal to a number (`"5"` is not `5`). Numbers compare by
 * value, so `-0` equals `0`: JSON storage keeps no sign on zero, and a client that sends `-0` once and `0` the next
 * time sent the same quantity.
 */
function isSameProperties(stored: EventProperties, sent: EventProperties): boolean {
  const keys = Object.keys(sent);
  return (
    keys.length === Object.keys(stored).length &&
    keys.every((key) => Object.hasOwn(stored, key) && stored[key] === sent[key])
  );
}

export function conflictDetail(path: string, existing: EventRecord): ErrorDetail {
  return { path: `${path}.transactionId`, message: `was already used by event ${existing.id} with another payload` };
}

/**
 * An identical replay of a stored event is a duplicate whatever has changed since (the period closed, the
 * subscription paused), so a client retrying a batch after a close still gets its answer. Only refused events are
 * looked up: an accepted batch pays nothing for this. Clears the problems of every event found stored.
 */
export async function settleRefusedReplays(
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

/** Refusals in order: the single event's unknown subscription (404), invalid fields, taken ids, pauses, closes. */
export function throwProblems(request: {
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
