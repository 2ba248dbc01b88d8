import fc from 'fast-check';
import type { PropertyValue } from '../../../domain/metering';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import type { SqlTransaction } from '../../../infra/db/sql';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { waitForValue } from '../../../test/harness/wait-for';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import {
  aggregateUsageUnits,
  createUsageTally,
  sharingEntries,
  tallyUsageUnits,
  type ChargeBucketFilter,
  type MeteredMetric,
  type UsageTally,
  type UsageWindow,
} from './index';

const DAY = 86_400_000;
const FEB = Date.parse('2026-02-01T00:00:00Z');
/** Two consecutive periods: a check of the second after the first is a period roll. */
const PERIODS = [
  { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-04-01T00:00:00Z') },
  { from: new Date('2026-04-01T00:00:00Z'), to: new Date('2026-05-01T00:00:00Z') },
];
const REGION: ChargeBucketFilter = { key: 'region', values: ['eu'] };

const metric = (aggregationType: MeteredMetric['aggregationType'], recurring = false): MeteredMetric => ({
  code: 'api',
  aggregationType,
  fieldName: aggregationType === 'COUNT' ? null : 'value',
  recurring,
});
/** Every aggregation a charge may ask for; UNIQUE_COUNT and LATEST go whole, the others from the tally. */
const AGGREGATIONS: { metric: MeteredMetric; filters: ChargeBucketFilter[] }[] = [
  { metric: metric('COUNT'), filters: [] },
  { metric: metric('SUM'), filters: [REGION] },
  { metric: metric('SUM', true), filters: [] },
  { metric: metric('MAX'), filters: [REGION] },
  { metric: metric('WEIGHTED_SUM'), filters: [] },
  { metric: metric('WEIGHTED_SUM', true), filters: [REGION] },
  { metric: metric('UNIQUE_COUNT'), filters: [] },
  { metric: metric('LATEST'), filters: [] },
];

interface NewEvent {
  code: string;
  timestamp: number;
  properties: Record<string, PropertyValue>;
}

/** Events from February (before either period: backdated) to the end of April, with values of every kind. */
const eventArb: fc.Arbitrary<NewEvent> = fc.record({
  code: fc.constantFrom('api', 'api', 'api', 'other'),
  timestamp: fc.integer({ min: 0, max: 89 }).map((day) => FEB + day * DAY + 1_000),
  properties: fc.record({
    value: fc.oneof(fc.integer({ min: -50, max: 500 }), fc.constantFrom('2.5', '-0.125', 'n/a', 7.75)),
    region: fc.constantFrom('eu', 'us'),
  }),
});

/**
 * A step: commit a batch; begin a batch that stays open while others commit (a late commit below the seq of later
 * ones); end the oldest open batch, committed or rolled back; or check a period (the tally against the whole).
 */
type Step =
  | { kind: 'commit'; events: NewEvent[] }
  | { kind: 'begin'; events: NewEvent[] }
  | { kind: 'end'; commit: boolean }
  | { kind: 'check'; period: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('commit' as const), events: fc.array(eventArb, { minLength: 1, maxLength: 6 }) }),
  fc.record({ kind: fc.constant('begin' as const), events: fc.array(eventArb, { minLength: 1, maxLength: 4 }) }),
  fc.record({ kind: fc.constant('end' as const), commit: fc.boolean() }),
  fc.record({ kind: fc.constant('check' as const), period: fc.constantFrom(0, 0, 1) }),
);

/** How long the plan test waits for the cluster's oldest transaction to pass its first read (see there). */
const FLOOR_WAIT_MS = 150_000;

describe('tallyUsageUnits (PostgreSQL)', () => {
  let orm: Orm;
  let sql: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm({ poolMax: 6 });
    const tenant = await createTenantFixture(orm, loadConfig());
    sql = tenantSql(orm, tenant.tenantId);
  });
  afterAll(() => orm.close());

  /** Inserts as ingestion does: the transaction holds its xid (ingestion's subscription lock) before any seq. */
  const insert = async (transaction: SqlTransaction, subscriptionId: string, events: readonly NewEvent[]) => {
    await sql.query('select pg_current_xact_id()', [], transaction);
    const rows = events.map((event, n) => ({ ...event, n, id: newId('usageEvent') }));
    await sql.query(
      `insert into ${sql.table('events')} (id, transaction_id, subscription_id, customer_id, code, timestamp, properties)
       select r.id, r.id, ?, 'cust_tally_test', r.code, to_timestamp(r.timestamp / 1000.0), r.properties
         from jsonb_to_recordset(?::jsonb) as r (n int, id text, code text, timestamp bigint, properties jsonb)
        order by r.n`,
      [subscriptionId, JSON.stringify(rows)],
      transaction,
    );
  };

  /** A batch whose transaction stays open until `end`. */
  const beginBatch = async (subscriptionId: string, events: readonly NewEvent[]) => {
    let end: (commit: boolean) => void = () => undefined;
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    let inserted: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const done = sql
      .transactional(async (transaction) => {
        await insert(transaction, subscriptionId, events);
        inserted();
        if (!(await ended)) throw new Error('rolled back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rolled back')) throw error;
      });
    await ready;
    return { end: async (commit: boolean) => (end(commit), done) };
  };

  const compare = async (tally: UsageTally, window: UsageWindow, transaction?: SqlTransaction) => {
    for (const { metric: measured, filters } of AGGREGATIONS) {
      const table = sql.table('events');
      const within = transaction === undefined ? {} : { transaction };
      const tallied = await tallyUsageUnits(sql, { table, window, metric: measured, filters, tally, ...within });
      const whole = await aggregateUsageUnits(sql, table, window, measured, filters);
      expect({ type: measured.aggregationType, recurring: measured.recurring, units: tallied }).toEqual({
        type: measured.aggregationType,
        recurring: measured.recurring,
        units: whole,
      });
    }
  };

  it('equals the whole aggregation over random sequences of batches, late commits, rollbacks and period rolls', async () => {
    const tally = createUsageTally();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 16 }), async (steps) => {
        const subscriptionId = newId('subscription');
        const open: { end: (commit: boolean) => Promise<void> }[] = [];
        try {
          for (const step of [...steps, { kind: 'check', period: 0 } as const]) {
            if (step.kind === 'commit') await sql.transactional((tx) => insert(tx, subscriptionId, step.events));
            else if (step.kind === 'begin' && open.length < 2) open.push(await beginBatch(subscriptionId, step.events));
            else if (step.kind === 'end') await open.shift()?.end(step.commit);
            else if (step.kind === 'check') await compare(tally, { subscriptionId, ...PERIODS[step.period]! });
          }
          for (const batch of open.splice(0)) await batch.end(true);
          await compare(tally, { subscriptionId, ...PERIODS[0]! });
          await compare(tally, { subscriptionId, ...PERIODS[1]! });
        } finally {
          for (const batch of open) await batch.end(false);
        }
      }),
      { numRuns: 25 },
    );
    // The checks after the first of each aggregation were answered from the tally.
    expect(tally.counts.tallied).toBeGreaterThan(tally.counts.whole);
  });

  /**
   * Who checks: the worker's usage loop; a wallet workflow's check, reading the same entries inside a transaction of
   * its own as a balance check does (after taking a lock); or both at once, each replacing only the entry it read.
   */
  type Reader = 'loop' | 'workflow' | 'both';
  type SharedStep = Exclude<Step, { kind: 'check' }> | { kind: 'check'; period: number; reader: Reader };
  const sharedStepArb: fc.Arbitrary<SharedStep> = fc.oneof(
    stepArb.filter((step): step is Exclude<Step, { kind: 'check' }> => step.kind !== 'check'),
    fc.record({
      kind: fc.constant('check' as const),
      period: fc.constantFrom(0, 0, 1),
      reader: fc.constantFrom<Reader>('loop', 'workflow', 'both'),
    }),
  );

  it('equals the whole aggregation when the wallet workflows’ checks share the usage loop’s running aggregates', async () => {
    const loop = createUsageTally();
    const workflow = sharingEntries(loop);
    const workflowCheck = (window: UsageWindow) =>
      sql.transactional(async (transaction) => {
        await sql.query('select pg_current_xact_id()', [], transaction);
        await compare(workflow, window, transaction);
      });
    const check = async (reader: Reader, window: UsageWindow) => {
      if (reader === 'loop') await compare(loop, window);
      else if (reader === 'workflow') await workflowCheck(window);
      else await Promise.all([compare(loop, window), workflowCheck(window)]);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(sharedStepArb, { minLength: 4, maxLength: 16 }), async (steps) => {
        const subscriptionId = newId('subscription');
        const open: { end: (commit: boolean) => Promise<void> }[] = [];
        try {
          for (const step of steps) {
            if (step.kind === 'commit') await sql.transactional((tx) => insert(tx, subscriptionId, step.events));
            else if (step.kind === 'begin' && open.length < 2) open.push(await beginBatch(subscriptionId, step.events));
            else if (step.kind === 'end') await open.shift()?.end(step.commit);
            else if (step.kind === 'check') await check(step.reader, { subscriptionId, ...PERIODS[step.period]! });
          }
          for (const batch of open.splice(0)) await batch.end(true);
          await check('workflow', { subscriptionId, ...PERIODS[0]! });
          await check('both', { subscriptionId, ...PERIODS[1]! });
        } finally {
          for (const batch of open) await batch.end(false);
        }
      }),
      { numRuns: 25 },
    );
    // The workflow's checks were answered from the entries the loop (or they themselves) had counted.
    expect(workflow.counts.tallied).toBeGreaterThan(0);
    expect(loop.counts.tallied + workflow.counts.tallied).toBeGreaterThan(loop.counts.whole + workflow.counts.whole);
  });

  it('counts a batch committed late, below the seq of batches checked before it', async () => {
    const tally = createUsageTally();
    const subscriptionId = newId('subscription');
    const window = { subscriptionId, ...PERIODS[0]! };
    const march = (day: number, value: number): NewEvent => ({
      code: 'api',
      timestamp: PERIODS[0]!.from.getTime() + day * DAY,
      properties: { value, region: 'eu' },
    });
    const late = await beginBatch(subscriptionId, [march(2, 1000)]);
    for (const value of [1, 2, 3]) {
      await sql.transactional((tx) => insert(tx, subscriptionId, [march(3, value)]));
      await compare(tally, window);
    }
    await late.end(true);
    await compare(tally, window);
    const sum = await tallyUsageUnits(sql, {
      table: sql.table('events'),
      window,
      metric: metric('SUM'),
      filters: [],
      tally,
    });
    expect(sum.rest).toEqual({ numerator: 1006n, denominator: 1n });
  });
  it(
    'reads the events above its floor on the seq index, whether or not the table has statistics',
    async () => {
      const fresh = tenantSql(orm, (await createTenantFixture(orm, loadConfig())).tenantId);
      const events = fresh.table('events');
      // A table that fills faster than autovacuum analyses it, as during a burst of ingestion.
      await fresh.query(`alter table ${events} set (autovacuum_enabled = false)`);
      const subscriptionId = newId('subscription');
      const window = { subscriptionId, ...PERIODS[0]! };
      const inMarch = (count: number) =>
        Array.from({ length: count }, (_value, n) => ({
          n,
          id: newId('usageEvent'),
          code: 'api',
          timestamp: PERIODS[0]!.from.getTime() + (n % 28) * DAY,
          properties: { value: 1 },
        }));
      const ingest = (count: number) =>
        fresh.query(
          `insert into ${events} (id, transaction_id, subscription_id, customer_id, code, timestamp, properties)
         select r.id, r.id, ?, 'cust_tally_test', r.code, to_timestamp(r.timestamp / 1000.0), r.properties
           from jsonb_to_recordset(?::jsonb) as r (n int, id text, code text, timestamp bigint, properties jsonb)`,
          [subscriptionId, JSON.stringify(inMarch(count))],
        );
      // The plan of each tally statement, explained in its own transaction with the settings it runs under.
      const plans: unknown[] = [];
      const watched: TenantSql = {
        ...fresh,
        query: async (text, params, transaction) => {
          if (text.includes('pg_current_snapshot')) {
            const [explained] = await fresh.query<{ 'QUERY PLAN': unknown }>(
              `explain (format json) ${text}`,
              params,
              transaction,
            );
            plans.push(explained?.['QUERY PLAN']);
          }
          return fresh.query(text, params, transaction);
        },
      };
      const tally = createUsageTally();
      const check = () =>
        tallyUsageUnits(watched, { table: events, window, metric: metric('SUM'), filters: [], tally });
      await ingest(50_000);
      // The first check reads the period whole; a later one moves the floor up to what the first saw, once every
      // transaction older than that read has ended in any database of the cluster (parallel test files keep some open
      // for a while, one of them over a minute): until then each check reads whole again, on the period's bounds, and
      // the tail read is not asked.
      await check();
      await waitForValue(
        'the tally floor to move',
        async () => {
          await check();
          return tally.counts.floorsMoved > 0 ? true : undefined;
        },
        FLOOR_WAIT_MS,
      );
      for (const analysed of [false, true]) {
        if (analysed) await fresh.query(`analyze ${events}`);
        const [{ analysed: hasStatistics } = { analysed: null }] = await fresh.query<{ analysed: boolean }>(
          `select reltuples >= 0 as analysed from pg_class where oid = ?::regclass`,
          [events],
        );
        expect(hasStatistics).toBe(analysed);
        await ingest(5);
        plans.length = 0;
        expect((await check()).rest).toEqual({ numerator: 50_005n + (analysed ? 5n : 0n), denominator: 1n });
        const indexes = [...JSON.stringify(plans).matchAll(/"Index Name":"([^"]+)"/g)].map((match) => match[1]);
        expect({ analysed, indexes }).toEqual({ analysed, indexes: ['events_subscription_code_seq_index'] });
      }
    },
    FLOOR_WAIT_MS + 60_000,
  );
});
