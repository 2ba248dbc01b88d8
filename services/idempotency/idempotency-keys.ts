import type { Orm } from '../../infra/db/orm';
import { sqlOf, type Sql } from '../../infra/db/sql';
import { wallClock } from '../../infra/wall-clock';
import { conflict, invalid, type AppError } from '../errors';

/** One idempotent request: whose key, which key, and what was asked (method, path, body as parsed JSON). */
export interface IdempotentRequest {
  apiKeyId: string;
  idempotencyKey: string;
  fingerprint: string;
}

/** The response a request gave, kept to be given again. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/** What a key's claim found: the request is new, or its response is stored, or it is refused. */
export type IdempotencyClaim =
  { kind: 'claimed' } | { kind: 'replay'; response: StoredResponse } | { kind: 'refused'; error: AppError };

interface KeyRow {
  fingerprint: string;
  response_status: number | null;
  response_body: string | null;
}

// A kept response answers repeats for 24 h (CONTRACT §15); an older row is a new request's.
const RETENTION = "interval '24 hours'";
// Expired rows are deleted now and then by whichever process claims a key, not on every request.
const CLEANUP_INTERVAL_MS = 10 * 60_000;

function claimOfExisting(row: KeyRow, request: IdempotentRequest): IdempotencyClaim {
  if (row.fingerprint !== request.fingerprint) {
    const message = `Idempotency-Key ${request.idempotencyKey} was used for a different request`;
    return { kind: 'refused', error: invalid('idempotency_key_reused', message) };
  }
  if (row.response_status === null || row.response_body === null) return { kind: 'refused', error: inProgress() };
  return { kind: 'replay', response: { status: row.response_status, body: JSON.parse(row.response_body) as unknown } };
}

const inProgress = (): AppError =>
  conflict('idempotency_request_in_progress', 'A request with this Idempotency-Key is still in progress');

async function completeIdempotencyKey(sql: Sql, request: IdempotentRequest, response: StoredResponse): Promise<void> {
  await sql.query(
    `update central.idempotency_keys
        set response_status = ?, response_body = ?, completed_at = now()
      where api_key_id = ? and idempotency_key = ? and fingerprint = ?`,
    [response.status, JSON.stringify(response.body), request.apiKeyId, request.idempotencyKey, request.fingerprint],
  );
}

/**
 * The idempotency keys of one process. A key is claimed before its request runs: a new key (or one whose row
 * expired) is claimed; a completed one with the same fingerprint replays; a different method, path or body is refused
 * with `idempotency_key_reused`, a repeat while the first still runs with `idempotency_request_in_progress`. The
 * insert decides races: of two concurrent first requests, one claims and the other finds its row.
 */
export interface IdempotencyKeys {
  claim: (request: IdempotentRequest) => Promise<IdempotencyClaim>;
  /** Keeps the response of a claimed key: every later repeat gets it back. */
  complete: (request: IdempotentRequest, response: StoredResponse) => Promise<void>;
}

export function idempotencyKeys(orm: Orm): IdempotencyKeys {
  const sql = sqlOf(orm);
  let lastCleanupAt = 0;
  const deleteExpiredNowAndThen = (): void => {
    const now = wallClock.now().getTime();
    if (now - lastCleanupAt < CLEANUP_INTERVAL_MS) return;
    lastCleanupAt = now;
    // Fire and forget: a failed clean-up is retried at the next interval and never fails the request.
    sql.query(`delete from central.idempotency_keys where created_at <= now() - ${RETENTION}`).catch(() => undefined);
  };
  return {
    claim: async (request) => {
      deleteExpiredNowAndThen();
      return claimIdempotencyKey(sql, request);
    },
    complete: (request, response) => completeIdempotencyKey(sql, request, response),
  };
}

async function claimIdempotencyKey(sql: Sql, request: IdempotentRequest): Promise<IdempotencyClaim> {
  const keyParams = [request.apiKeyId, request.idempotencyKey];
  await sql.query(
    `delete from central.idempotency_keys
      where api_key_id = ? and idempotency_key = ? and created_at <= now() - ${RETENTION}`,
    keyParams,
  );
  const claimed = await sql.one<{ claimed: boolean }>(
    `insert into central.idempotency_keys (api_key_id, idempotency_key, fingerprint) values (?, ?, ?)
     on conflict (api_key_id, idempotency_key) do nothing
     returning true as claimed`,
    [...keyParams, request.fingerprint],
  );
  if (claimed !== undefined) return { kind: 'claimed' };
  const row = await sql.one<KeyRow>(
    `select fingerprint, response_status, response_body from central.idempotency_keys
      where api_key_id = ? and idempotency_key = ?`,
    keyParams,
  );
  // Expired and deleted between the two statements by another request: that request now owns the key.
  if (row === undefined) return { kind: 'refused', error: inProgress() };
  return claimOfExisting(row, request);
}
