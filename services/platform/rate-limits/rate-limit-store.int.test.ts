import { randomInt } from 'node:crypto';
import { createTestOrm } from '../../../test/harness/database';
import { memoryLogger, testConfig } from '../../../test/harness/http-server';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Orm } from '../../../infra/db/orm';
import { createPostgresRateLimitStore, deleteExpiredWindows, type RateLimitStore } from './rate-limit-store';
import { setTenantRateLimit } from './tenant-rate-limit';

/** `seconds` into a random future minute: windows no other test (or clean-up by the real clock) touches. */
function futureInstant(seconds: number): Date {
  return new Date(Date.UTC(2100, 0, 1) + randomInt(0, 50_000_000) * 60_000 + seconds * 1000);
}
const uniqueBucket = (): string => `test:${randomInt(0, 2 ** 47)}`;

describe('PostgreSQL rate-limit store', () => {
  let orm: Orm;
  let otherOrm: Orm;
  let now: Date;
  /** A store with the test's clock, or (clock null) the database clock. */
  const storeOn = (on: Orm, clock: (() => Date) | null = () => now): RateLimitStore =>
    createPostgresRateLimitStore({ orm: on, logger: memoryLogger().logger, ...(clock === null ? {} : { clock }) });
  const connection = () => orm.em.getConnection();

  beforeAll(async () => {
    [orm, otherOrm] = await Promise.all([createTestOrm(), createTestOrm()]);
  });
  afterAll(async () => {
    await Promise.all([orm.close(), otherOrm.close()]);
  });
  beforeEach(() => {
    now = futureInstant(23);
  });

  it('counts concurrent hits from two processes atomically, each exactly once', async () => {
    const bucket = uniqueBucket();
    const stores = [storeOn(orm), storeOn(otherOrm)];
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, index) => stores[index % 2]!.hitBuckets([{ bucket, limit: 10 }])),
    );
    const hits = counts.map(([count]) => count!.hits).sort((a, b) => a - b);
    expect(hits).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it('counts concurrent hits of one tenant from two processes atomically, each exactly once', async () => {
    const tenant = await createTenantFixture(orm, testConfig());
    const stores = [storeOn(orm), storeOn(otherOrm)];
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        stores[index % 2]!.hitTenant({ tenantId: tenant.tenantId, defaultLimit: 10 }),
      ),
    );
    expect(counts.map((count) => count.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, index) => index + 1),
    );
    expect(new Set(counts.map((count) => [count.limit, count.resetSeconds].join()))).toEqual(new Set(['10,37']));
  });

  it.each([
    [0, 60],
    [23, 37],
    [59.5, 1],
    [59.999, 1],
  ])('at %d s into the minute the window resets in %d s', async (seconds, resetSeconds) => {
    now = futureInstant(seconds);
    const [count] = await storeOn(orm).hitBuckets([{ bucket: uniqueBucket(), limit: 3 }]);
    expect(count).toMatchObject({ hits: 1, limit: 3, resetSeconds });
  });

  it('starts counting again in the next minute', async () => {
    const store = storeOn(orm);
    const bucket = uniqueBucket();
    await store.hitBuckets([{ bucket, limit: 3 }]);
    now = new Date(now.getTime() + 36_999);
    expect((await store.hitBuckets([{ bucket, limit: 3 }]))[0]).toMatchObject({ hits: 2, resetSeconds: 1 });
    now = new Date(now.getTime() + 1);
    expect((await store.hitBuckets([{ bucket, limit: 3 }]))[0]).toMatchObject({ hits: 1, resetSeconds: 60 });
  });

  it('counts several buckets in one statement, each with its own limit', async () => {
    const [ip, login] = [uniqueBucket(), uniqueBucket()];
    const store = storeOn(orm);
    await store.hitBuckets([{ bucket: ip, limit: 60 }]);
    const counts = await store.hitBuckets([
      { bucket: ip, limit: 60 },
      { bucket: login, limit: 10 },
    ]);
    expect(counts.sort((a, b) => a.hits - b.hits)).toEqual([
      { bucket: login, hits: 1, limit: 10, resetSeconds: 37 },
      { bucket: ip, hits: 2, limit: 60, resetSeconds: 37 },
    ]);
  });

  it('uses the database clock when no clock is injected', async () => {
    const bucket = uniqueBucket();
    const [count] = await storeOn(orm, null).hitBuckets([{ bucket, limit: 3 }]);
    expect(count!.resetSeconds).toBeGreaterThanOrEqual(1);
    expect(count!.resetSeconds).toBeLessThanOrEqual(60);
    const rows = await connection().execute<{ age: string }[]>(
      `select extract(epoch from now() - window_start) as age from central.rate_limit_windows where bucket = ?`,
      [bucket],
    );
    expect(Number(rows[0]!.age)).toBeGreaterThanOrEqual(0);
    expect(Number(rows[0]!.age)).toBeLessThan(62);
  });

  it('limits a tenant by its own limit or the default, in one statement that writes nothing else', async () => {
    const config = testConfig();
    const tenant = await createTenantFixture(orm, config);
    const store = storeOn(orm);
    await store.hitBuckets([{ bucket: uniqueBucket(), limit: 1 }]); // its first hit also starts the clean-up
    // The statement is prepared, so it goes straight to the pool rather than through the ORM's raw SQL.
    const pool = (await connection().getNativeClient()) as { query: (config: { name?: string }) => Promise<unknown> };
    const execute = jest.spyOn(connection(), 'execute');
    const prepared = jest.spyOn(pool, 'query');
    try {
      expect(await store.hitTenant({ tenantId: tenant.tenantId, defaultLimit: 2 })).toEqual({
        bucket: `tenant:${tenant.tenantId}`,
        hits: 1,
        limit: 2,
        resetSeconds: 37,
      });
      expect(execute).not.toHaveBeenCalled();
      expect(prepared.mock.calls.map(([config]) => config.name)).toEqual(['rate_limit_hit_tenant']);
    } finally {
      execute.mockRestore();
      prepared.mockRestore();
    }
    await setTenantRateLimit(orm, { tenantId: tenant.tenantId, limit: 3 });
    for (const hits of [2, 3, 4, 5]) {
      expect(await store.hitTenant({ tenantId: tenant.tenantId, defaultLimit: 2 })).toMatchObject({ hits, limit: 3 });
    }
    // Monthly request counts are tallied in memory by the limiter's caller (services/platform/tenants/request-counts.ts).
    const counts = await connection().execute<unknown[]>('select * from central.request_counts where tenant_id = ?', [
      tenant.tenantId,
    ]);
    expect(counts).toEqual([]);
  });

  it('deletes windows that ended minutes ago, off the path of its first hit', async () => {
    const [old, recent] = [uniqueBucket(), uniqueBucket()];
    await insertWindow(old, '10 minutes');
    await insertWindow(recent, '1 minute');
    await storeOn(orm).hitBuckets([{ bucket: uniqueBucket(), limit: 1 }]);
    for (let attempt = 0; attempt < 50 && (await storedBuckets([old, recent])).includes(old); attempt += 1) {
      await new Promise((done) => setTimeout(done, 20));
    }
    expect(await storedBuckets([old, recent])).toEqual([recent]);
  });

  it('deletes only windows that started more than five minutes ago', async () => {
    const [old, kept] = [uniqueBucket(), uniqueBucket()];
    await insertWindow(old, '6 minutes');
    await insertWindow(kept, '4 minutes');
    expect(await deleteExpiredWindows(orm)).toBeGreaterThanOrEqual(1);
    expect(await storedBuckets([old, kept])).toEqual([kept]);
  });

  async function insertWindow(bucket: string, age: string): Promise<void> {
    await connection().execute(
      `insert into central.rate_limit_windows (bucket, window_start, hits)
       values (?, date_trunc('minute', now()) - ?::interval, 5)`,
      [bucket, age],
      'run',
    );
  }

  async function storedBuckets(buckets: readonly string[]): Promise<string[]> {
    const rows = await connection().execute<{ bucket: string }[]>(
      `select bucket from central.rate_limit_windows where bucket in (${buckets.map(() => '?').join(', ')})`,
      [...buckets],
    );
    return rows.map((row) => row.bucket);
  }
});
