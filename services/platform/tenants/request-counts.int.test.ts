import type { TenantId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { memoryLogger, testConfig } from '../../../test/harness/http-server';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createRequestCounts, type RequestCountsOptions } from './request-counts';

const JUNE = new Date('2031-06-30T23:59:59.000Z');
const JULY = new Date('2031-07-01T00:00:00.000Z');

describe('request counts, tallied in memory and flushed in one statement', () => {
  let orm: Orm;
  let otherOrm: Orm;
  let tenants: TenantId[];
  const countsOn = (options: Partial<RequestCountsOptions> = {}) =>
    createRequestCounts({ orm, logger: memoryLogger().logger, ...options });

  beforeAll(async () => {
    [orm, otherOrm] = await Promise.all([createTestOrm(), createTestOrm()]);
  });
  afterAll(async () => {
    await Promise.all([orm.close(), otherOrm.close()]);
  });
  beforeEach(async () => {
    const fixtures = await Promise.all([1, 2, 3].map(() => createTenantFixture(orm, testConfig())));
    tenants = fixtures.map((fixture) => fixture.tenantId);
  });

  async function stored(): Promise<string[]> {
    const rows = await orm.em.getConnection().execute<{ tenant_id: string; month: string; count: string }[]>(
      `select tenant_id, to_char(month, 'YYYY-MM-DD') as month, count from central.request_counts
        where tenant_id in (?, ?, ?) order by month, tenant_id`,
      [...tenants],
    );
    return rows.map((row) => `${row.month} ${tenants.indexOf(row.tenant_id as TenantId)}: ${row.count}`);
  }

  it('writes every tenant and month in one statement, adding to what is stored', async () => {
    const counts = countsOn();
    const [first, second, third] = tenants as [TenantId, TenantId, TenantId];
    for (const [tenantId, now] of [
      [first, JUNE],
      [first, JUNE],
      [first, JULY],
      [second, JULY],
      [third, JULY],
      [third, JULY],
      [third, JULY],
    ] as const) {
      counts.add(tenantId, now);
    }
    expect(counts.unflushed(first, '2031-06-01')).toBe(2);
    expect(counts.unflushed(third, '2031-07-01')).toBe(3);

    const execute = jest.spyOn(orm.em.getConnection(), 'execute');
    try {
      await counts.flush();
      expect(execute).toHaveBeenCalledTimes(1);
      await counts.flush(); // nothing left: no statement
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
    expect(counts.unflushed(first, '2031-06-01')).toBe(0);
    expect(await stored()).toEqual(['2031-06-01 0: 2', '2031-07-01 0: 1', '2031-07-01 1: 1', '2031-07-01 2: 3']);

    counts.add(first, JULY);
    await counts.flush();
    expect(await stored()).toEqual(['2031-06-01 0: 2', '2031-07-01 0: 2', '2031-07-01 1: 1', '2031-07-01 2: 3']);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const counts = countsOn();
    const [first] = tenants as [TenantId];
    counts.add(first, JULY);
    const execute = jest.spyOn(orm.em.getConnection(), 'execute').mockRejectedValueOnce(new Error('database down'));
    try {
      await expect(counts.flush()).rejects.toThrow('database down');
    } finally {
      execute.mockRestore();
    }
    counts.add(first, JULY);
    expect(counts.unflushed(first, '2031-07-01')).toBe(2);
    await counts.flush();
    expect(await stored()).toEqual(['2031-07-01 0: 2']);
  });

  it('skips a tenant that no longer exists instead of losing the batch', async () => {
    const counts = countsOn();
    counts.add(newId('tenant'), JULY);
    counts.add(tenants[1]!, JULY);
    await counts.flush();
    expect(await stored()).toEqual(['2031-07-01 1: 1']);
  });

  it('flushes on its own every interval, and what is left when stopped', async () => {
    const counts = countsOn({ flushIntervalMs: 50 });
    counts.add(tenants[0]!, JULY);
    for (let attempt = 0; attempt < 50 && (await stored()).length === 0; attempt += 1) {
      await new Promise((done) => setTimeout(done, 20));
    }
    expect(await stored()).toEqual(['2031-07-01 0: 1']);
    counts.add(tenants[0]!, JULY);
    await counts.stop();
    expect(await stored()).toEqual(['2031-07-01 0: 2']);
  });

  it('adds up the flushes of two processes on the same rows', async () => {
    const processes = [countsOn(), createRequestCounts({ orm: otherOrm, logger: memoryLogger().logger })];
    for (let round = 0; round < 5; round += 1) {
      for (const [index, counts] of processes.entries()) {
        for (const tenantId of index === 0 ? tenants : [...tenants].reverse()) counts.add(tenantId, JULY);
      }
      await Promise.all(processes.map((counts) => counts.flush()));
    }
    expect(await stored()).toEqual(['2031-07-01 0: 10', '2031-07-01 1: 10', '2031-07-01 2: 10']);
  });

  it('lets a reader see stored plus unflushed counts with no flush in between', async () => {
    const counts = countsOn();
    const [first] = tenants as [TenantId];
    counts.add(first, JULY);
    let flushed = false;
    let flush: Promise<void> = Promise.resolve();
    const seen = await counts.exclusive(async () => {
      flush = counts.flush().then(() => {
        flushed = true;
      });
      await new Promise((done) => setTimeout(done, 20));
      return { stored: await stored(), unflushed: counts.unflushed(first, '2031-07-01'), flushed };
    });
    expect(seen).toEqual({ stored: [], unflushed: 1, flushed: false });
    await flush;
    expect(await stored()).toEqual(['2031-07-01 0: 1']);
  });
});
