import type { Sql } from '../../../infra/db/sql';
import type { IdempotentRequest, StoredResponse } from './idempotent-request';

/** How long a running request holds its key without renewing, and how often its process renews. */
export interface LeaseTiming {
  leaseMs: number;
  renewEveryMs: number;
}

/**
 * A claimed key, held while its request runs. The process renews the lease until the request ends; if the process
 * dies the lease lapses and a repeat of the same request takes the key over (and gets a lease of its own).
 */
export interface KeyLease {
  /** The request's identity across runs (see `requestKeyOf`). */
  readonly requestKey: string;
  /**
   * Keeps the response for every later repeat, if this process still holds the lease; false when a repeat took the
   * key over meanwhile (its answer is the one kept). Ends the renewal.
   */
  complete: (response: StoredResponse) => Promise<boolean>;
  /** Lets the lease lapse at once, so a repeat runs without waiting for it (the response could not be kept). */
  release: () => Promise<void>;
  /**
   * Forgets the key, as if it had never been claimed: the request was refused before it did anything (a validation
   * refusal), so the next request under the key, whatever its body, runs as a first one.
   */
  discard: () => Promise<void>;
}

const KEY_MATCH = 'api_key_id = ? and idempotency_key = ? and lease_owner = ? and response_status is null';

export function holdLease(
  sql: Sql,
  held: { request: IdempotentRequest; owner: string; requestKey: string; timing: LeaseTiming },
): KeyLease {
  const { request, owner, timing } = held;
  const match = [request.apiKeyId, request.idempotencyKey, owner];
  const renew = async (): Promise<void> => {
    const renewed = await sql.one<{ renewed: boolean }>(
      `update central.idempotency_keys set lease_expires_at = now() + ? * interval '1 millisecond'
        where ${KEY_MATCH} returning true as renewed`,
      [timing.leaseMs, ...match],
    );
    // Taken over (this process was thought dead): the key is another run's now, nothing left to renew.
    if (renewed === undefined) clearInterval(timer);
  };
  // A failed renewal is retried at the next tick; never keeps the process alive on its own.
  const timer = setInterval(() => void renew().catch(() => undefined), timing.renewEveryMs);
  timer.unref();
  return {
    requestKey: held.requestKey,
    complete: async (response) => {
      clearInterval(timer);
      const stored = await sql.one<{ stored: boolean }>(
        `update central.idempotency_keys
            set response_status = ?, response_body = ?, completed_at = now(), lease_expires_at = null
          where ${KEY_MATCH} returning true as stored`,
        [response.status, JSON.stringify(response.body), ...match],
      );
      return stored !== undefined;
    },
    release: async () => {
      clearInterval(timer);
      await sql.query(`update central.idempotency_keys set lease_expires_at = '-infinity' where ${KEY_MATCH}`, match);
    },
    discard: async () => {
      clearInterval(timer);
      await sql.query(`delete from central.idempotency_keys where ${KEY_MATCH}`, match);
    },
  };
}
