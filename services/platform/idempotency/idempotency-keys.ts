import { randomBytes } from 'node:crypto';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf, type Sql } from '../../../infra/db/sql';
import { wallClock } from '../../../infra/wall-clock';
import { conflict, invalid, type AppError } from '../errors';
import type { IdempotentRequest, StoredResponse } from './idempotent-request';
import { holdLease, type KeyLease, type LeaseTiming } from './key-lease';
import { requestKeyOf } from './request-key';

export type { IdempotentRequest, StoredResponse } from './idempotent-request';
export type { KeyLease, LeaseTiming } from './key-lease';

/** What a key's claim found: the request runs here (under a lease), or its response is stored, or it is refused. */
export type IdempotencyClaim =
  | { kind: 'claimed'; lease: KeyLease }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'refused'; error: AppError };

interface KeyRow {
  fingerprint: string;
  response_status: number | null;
  response_body: string | null;
}

// A kept response answers repeats for 24 h (CONTRACT §15); an older row is a new request's.
const RETENTION = "interval '24 hours'";
// Expired rows are deleted now and then by whichever process claims a key, not on every request.
const CLEANUP_INTERVAL_MS = 10 * 60_000;
/**
 * A minute without renewal means the holder is gone; renewing every 20 s lets two renewals fail (a slow database, a
 * long pause of the event loop) before a live request loses its key.
 */
export const DEFAULT_LEASE_TIMING: LeaseTiming = { leaseMs: 60_000, renewEveryMs: 20_000 };

function claimOfExisting(row: KeyRow, request: IdempotentRequest): IdempotencyClaim {
  if (row.fingerprint !== request.fingerprint) {
    const message = `Idempotency-Key ${request.idempotencyKey} was used for a different request`;
    return { kind: 'refused', error: invalid('idempotency_key_reused', message) };
  }
  if (row.response_status === null || row.response_body === null) return { kind: 'refused', error: inProgress() };
  return { kind: 'replay', response: { status: row.response_status, body: JSON.parse(row.response_body) as unknown } };
}

const inProgress = (): AppError =>
  conflict('idempotency_request_in_progress', 'A request with this Idempotency-Key is still running');

/**
 * The idempotency keys of one process. A key is claimed before its request runs: a new key (or one whose row
 * expired) is claimed; a completed one with the same fingerprint replays; a different method, path or body is refused
 * with `idempotency_key_reused`. A claimed key is held by a lease its process renews: a repeat while the lease is live
 * is refused with `idempotency_request_in_progress`, a repeat after it lapsed (the process died) takes the key over
 * and runs the request again. The insert decides races between first requests, one conditional update between
 * takeovers.
 */
export interface IdempotencyKeys {
  claim: (request: IdempotentRequest) => Promise<IdempotencyClaim>;
}

export function idempotencyKeys(orm: Orm, options: Partial<LeaseTiming> = {}): IdempotencyKeys {
  const timing = { ...DEFAULT_LEASE_TIMING, ...options };
  if (timing.renewEveryMs >= timing.leaseMs) throw new Error('an idempotency lease must be renewed before it lapses');
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
      return claimIdempotencyKey(sql, request, timing);
    },
  };
}

async function claimIdempotencyKey(
  sql: Sql,
  request: IdempotentRequest,
  timing: LeaseTiming,
): Promise<IdempotencyClaim> {
  const keyParams = [request.apiKeyId, request.idempotencyKey];
  await sql.query(
    `delete from central.idempotency_keys
      where api_key_id = ? and idempotency_key = ? and created_at <= now() - ${RETENTION}`,
    keyParams,
  );
  const owner = randomBytes(16).toString('hex');
  const claimed =
    (await insertKey(sql, { request, owner, timing })) ?? (await takeOverLapsedKey(sql, { request, owner, timing }));
  if (claimed !== undefined) {
    const requestKey = requestKeyOf({ ...request, claimedAt: claimed.created_at });
    return { kind: 'claimed', lease: holdLease(sql, { request, owner, requestKey, timing }) };
  }
  const row = await sql.one<KeyRow>(
    `select fingerprint, response_status, response_body from central.idempotency_keys
      where api_key_id = ? and idempotency_key = ?`,
    keyParams,
  );
  // Expired and deleted between the statements by another request: that request now owns the key.
  if (row === undefined) return { kind: 'refused', error: inProgress() };
  return claimOfExisting(row, request);
}

interface ClaimAttempt {
  request: IdempotentRequest;
  owner: string;
  timing: LeaseTiming;
}

async function insertKey(sql: Sql, attempt: ClaimAttempt): Promise<{ created_at: Date | string } | undefined> {
  const { request, owner, timing } = attempt;
  return sql.one(
    `insert into central.idempotency_keys (api_key_id, idempotency_key, fingerprint, lease_owner, lease_expires_at)
     values (?, ?, ?, ?, now() + ? * interval '1 millisecond')
     on conflict (api_key_id, idempotency_key) do nothing
     returning created_at`,
    [request.apiKeyId, request.idempotencyKey, request.fingerprint, owner, timing.leaseMs],
  );
}

/**
 * The same request whose holder stopped renewing: the first repeat to update the row owns it, any other finds the
 * new lease live. A row claimed before leases existed has none; it counts as lapsed once older than a lease.
 */
async function takeOverLapsedKey(sql: Sql, attempt: ClaimAttempt): Promise<{ created_at: Date | string } | undefined> {
  const { request, owner, timing } = attempt;
  return sql.one(
    `update central.idempotency_keys set lease_owner = ?, lease_expires_at = now() + ? * interval '1 millisecond'
      where api_key_id = ? and idempotency_key = ? and fingerprint = ? and response_status is null
        and coalesce(lease_expires_at, created_at + ? * interval '1 millisecond') < now()
      returning created_at`,
    [owner, timing.leaseMs, request.apiKeyId, request.idempotencyKey, request.fingerprint, timing.leaseMs],
  );
}
