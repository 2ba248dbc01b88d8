import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { createTestOrm } from '../../../test/harness/database';
import { testConfig } from '../../../test/harness/http-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { idempotencyKeys, type IdempotencyClaim, type IdempotentRequest, type KeyLease } from './idempotency-keys';
import { requestKeyOf } from './request-key';

/** Long enough that no renewal fires during a test: a holder that "stops renewing" is simulated in SQL. */
const QUIET = { leaseMs: 600_000, renewEveryMs: 300_000 };

describe('idempotency keys held by a lease', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let sequence = 0;
  const sql = () => sqlOf(orm);

  beforeAll(async () => {
    orm = await createTestOrm();
    tenant = await createTenantFixture(orm, testConfig());
  });
  afterAll(() => orm.close());

  const newRequest = (): IdempotentRequest => ({
    apiKeyId: tenant.apiKeyId,
    idempotencyKey: `lease-${Date.now()}-${++sequence}`,
    fingerprint: 'fingerprint-a',
  });
  const leaseOf = (claim: IdempotencyClaim): KeyLease => {
    if (claim.kind !== 'claimed') throw new Error(`expected a claim, got ${JSON.stringify(claim)}`);
    return claim.lease;
  };
  const expectInProgress = (claim: IdempotencyClaim) => {
    expect(claim.kind).toBe('refused');
    if (claim.kind === 'refused') expect(claim.error.code).toBe('idempotency_request_in_progress');
  };
  /** What a holder that stopped renewing leaves once its lease ran out. */
  const lapse = (request: IdempotentRequest) =>
    sql().query(
      `update central.idempotency_keys set lease_expires_at = now() - interval '1 second'
        where api_key_id = ? and idempotency_key = ?`,
      [request.apiKeyId, request.idempotencyKey],
    );
  /** The row a process killed mid-request leaves behind, with a lapsed lease. */
  const insertDeadHolder = (request: IdempotentRequest, lease = "now() - interval '1 second'") =>
    sql().query(
      `insert into central.idempotency_keys (api_key_id, idempotency_key, fingerprint, lease_owner, lease_expires_at)
       values (?, ?, ?, 'dead-process', ${lease})`,
      [request.apiKeyId, request.idempotencyKey, request.fingerprint],
    );
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('refuses a repeat with idempotency_request_in_progress while the lease is live', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    const lease = leaseOf(await keys.claim(request));
    expectInProgress(await keys.claim(request));
    expect(await lease.complete({ status: 201, body: { id: 'x' } })).toBe(true);
    expect(await keys.claim(request)).toEqual({ kind: 'replay', response: { status: 201, body: { id: 'x' } } });
  });

  it('lets a repeat take over a key whose lease lapsed, with the same request key, and keeps its answer', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    const first = leaseOf(await keys.claim(request));
    await lapse(request);
    const taker = leaseOf(await keys.claim(request));
    expect(taker.requestKey).toBe(first.requestKey);
    expect(await taker.complete({ status: 201, body: { run: 'taker' } })).toBe(true);
    expect(await first.complete({ status: 201, body: { run: 'stale' } })).toBe(false);
    expect(await keys.claim(request)).toEqual({ kind: 'replay', response: { status: 201, body: { run: 'taker' } } });
  });

  it('never lets a repeat with another body take a lapsed key over', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    await insertDeadHolder(request);
    const claim = await keys.claim({ ...request, fingerprint: 'fingerprint-b' });
    expect(claim.kind === 'refused' && claim.error.code).toBe('idempotency_key_reused');
  });

  it('gives a lapsed key to exactly one of two concurrent repeats', async () => {
    for (let round = 0; round < 5; round++) {
      const request = newRequest();
      await insertDeadHolder(request);
      const claims = await Promise.all(
        [idempotencyKeys(orm, QUIET), idempotencyKeys(orm, QUIET)].map((keys) => keys.claim(request)),
      );
      expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(1);
      const refused = claims.find((claim) => claim.kind !== 'claimed');
      expectInProgress(refused!);
      for (const claim of claims) if (claim.kind === 'claimed') await claim.lease.release();
    }
  });

  it('keeps a stale holder’s late answer from overwriting the taker’s', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    const stale = leaseOf(await keys.claim(request));
    await lapse(request);
    const taker = leaseOf(await keys.claim(request));
    // The stale holder wakes up while the taker still runs: nothing is stored, the taker still holds the key.
    expect(await stale.complete({ status: 500, body: { run: 'stale' } })).toBe(false);
    expectInProgress(await keys.claim(request));
    expect(await taker.complete({ status: 201, body: { run: 'taker' } })).toBe(true);
    expect(await keys.claim(request)).toEqual({ kind: 'replay', response: { status: 201, body: { run: 'taker' } } });
  });

  it('renews the lease so a long-running request keeps its key past the lease duration', async () => {
    const keys = idempotencyKeys(orm, { leaseMs: 600, renewEveryMs: 150 });
    const request = newRequest();
    const lease = leaseOf(await keys.claim(request));
    await sleep(1_500);
    expectInProgress(await keys.claim(request));
    expect(await lease.complete({ status: 200, body: {} })).toBe(true);
  });

  it('stops renewing when the request ends, and never keeps the process alive meanwhile', async () => {
    const keys = idempotencyKeys(orm, { leaseMs: 600, renewEveryMs: 150 });
    const started = jest.spyOn(global, 'setInterval');
    const cleared = jest.spyOn(global, 'clearInterval');
    try {
      const completed = leaseOf(await keys.claim(newRequest()));
      const released = leaseOf(await keys.claim(newRequest()));
      const timers = started.mock.results.map((result) => result.value as NodeJS.Timeout);
      expect(timers).toHaveLength(2);
      for (const timer of timers) expect(timer.hasRef()).toBe(false);
      await completed.complete({ status: 201, body: {} });
      await released.release();
      expect(cleared.mock.calls.map(([timer]) => timer)).toEqual(expect.arrayContaining(timers));
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });

  it('releases a lease at once: a repeat runs without waiting for it to lapse', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    const lease = leaseOf(await keys.claim(request));
    await lease.release();
    expect((await keys.claim(request)).kind).toBe('claimed');
  });

  it('treats a row from before leases as running until it is older than a lease, then as lapsed', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    await sql().query(
      'insert into central.idempotency_keys (api_key_id, idempotency_key, fingerprint) values (?, ?, ?)',
      [request.apiKeyId, request.idempotencyKey, request.fingerprint],
    );
    expectInProgress(await keys.claim(request));
    await sql().query(
      `update central.idempotency_keys set created_at = now() - interval '11 minutes'
        where api_key_id = ? and idempotency_key = ?`,
      [request.apiKeyId, request.idempotencyKey],
    );
    expect((await keys.claim(request)).kind).toBe('claimed');
  });

  it('derives the request key from the API key, the Idempotency-Key and when the key was first claimed', async () => {
    const keys = idempotencyKeys(orm, QUIET);
    const request = newRequest();
    const claimedAt = new Date(Date.now() - 60_000);
    await insertDeadHolder(request);
    await sql().query(
      'update central.idempotency_keys set created_at = ? where api_key_id = ? and idempotency_key = ?',
      [claimedAt, request.apiKeyId, request.idempotencyKey],
    );
    const lease = leaseOf(await keys.claim(request));
    expect(lease.requestKey).toBe(requestKeyOf({ ...request, claimedAt }));
    await lease.complete({ status: 201, body: {} });
    // After 24 h the key starts a new request, which must not meet the first one's records.
    await sql().query(
      `update central.idempotency_keys set created_at = now() - interval '25 hours'
        where api_key_id = ? and idempotency_key = ?`,
      [request.apiKeyId, request.idempotencyKey],
    );
    const later = leaseOf(await keys.claim(request));
    expect(later.requestKey).not.toBe(lease.requestKey);
    await later.release();
  });
});
