import fc from 'fast-check';
import { type PercentageTerms } from '../../../domain/charge-models';
import {
  aggregateBucketUnits,
  percentageBucketFees,
  type PropertyValue,
  type UsageEvent,
} from '../../../domain/metering';
import { parseDecimal, type Decimal, type Rational } from '../../../domain/money';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { aggregateUsageUnits, percentageUsageFees, type ChargeBucketFilter, type MeteredMetric } from './index';
import { storeEvents } from './stored-events.fixture';

/**
 * The SQL path (services/metering/aggregation) and the pure definitions (domain/metering, domain/charge-models) agree on
 * thousands of generated event sets: every aggregation type, recurring on and off, charge filters, and PERCENTAGE
 * with every combination of its terms. All sets are stored at once, each under its own subscription id, then
 * aggregated one statement per set and compared with the domain's answer.
 */
type ValueOf<A> = A extends fc.Arbitrary<infer T> ? T : never;

const SETS_PER_AGGREGATION = 600;
const PERCENTAGE_SETS = 2_000;
const CONCURRENCY = 6;

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1);
const END = Date.UTC(2026, 3, 1);
// Instants at and around the window's edges, and ties, plus anything nearby.
const EDGES = [
  START - DAY,
  START - 1,
  START,
  START + 1,
  START + 7 * DAY + 123,
  START + 15 * DAY,
  END - 1,
  END,
  END + DAY,
];
const anInstant = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGES) },
  { weight: 1, arbitrary: fc.integer({ min: START - 10 * DAY, max: END + 10 * DAY }) },
);
// UNIQUE_COUNT also needs a value added and removed at the same instant, where ingestion order decides.
const aCrowdedInstant = fc.oneof(fc.constantFrom(START - DAY, START + DAY), anInstant);
const aWindow = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ from: START, to: END }) },
  {
    weight: 1,
    arbitrary: fc.tuple(anInstant, anInstant).map(([a, b]) => ({ from: Math.min(a, b), to: Math.max(a, b) })),
  },
);

/** Exact decimals of at most 15 significant digits, as JSON numbers or strings, and values that are not numbers. */
const aDecimalText = fc
  .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.integer({ min: 0, max: 6 }))
  .map(([unscaled, scale]) => `${unscaled}e-${scale}`)
  .map((text) => {
    const parsed = parseDecimal(text, 6);
    if (!parsed.ok) throw new Error(text);
    return plain(parsed.value);
  });
const aNumericValue: fc.Arbitrary<PropertyValue | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -20, max: 100 }) },
  { weight: 3, arbitrary: aDecimalText.map(Number) },
  { weight: 2, arbitrary: aDecimalText },
  { weight: 1, arbitrary: fc.constantFrom('1e2', '25E-1', '+4', '-0', '007.50', '1e100', '-3e-400') },
  { weight: 1, arbitrary: fc.constantFrom('n/a', '', ' 5', 'NaN', '1e401', '0x1F', undefined) },
);
const aUniqueValue: fc.Arbitrary<PropertyValue | undefined> = fc.constantFrom(
  'a',
  'b',
  'c',
  'A',
  1,
  '1',
  2.5,
  '2.50',
  undefined,
);

function anEvent(value: fc.Arbitrary<PropertyValue | undefined>, instant = anInstant) {
  return fc.record({
    timestamp: instant,
    code: fc.constantFrom('api', 'api', 'api', 'api', 'other'),
    value,
    region: fc.constantFrom('eu', 'us', 'jp', 'fr', 7, undefined),
    tier: fc.constantFrom('gold', 'silver', undefined),
    operation: fc.constantFrom('add', 'remove', 'remove', 'REMOVE', undefined, undefined),
  });
}
type GeneratedEvent = ValueOf<ReturnType<typeof anEvent>>;

const FILTER_POOL: ChargeBucketFilter[] = [
  { key: 'region', values: ['eu'] },
  { key: 'tier', values: ['gold'] },
  { key: 'region', values: ['us', 'jp', '7'] },
  { key: 'region', values: ['eu', 'fr'] },
];
const someFilters = fc
  .subarray(FILTER_POOL, { maxLength: 3 })
  .chain((filters) => fc.shuffledSubarray(filters, { minLength: filters.length }));

const aDecimal = (max: number, decimals: number) =>
  fc.integer({ min: 0, max: max * 10 ** decimals }).map((n) => decimalOf(`${n}e-${decimals}`));
const OPTIONAL_TERMS = [
  'fixedAmount',
  'freeUnitsPerEvents',
  'freeUnitsPerTotalAggregation',
  'perTransactionMin',
  'perTransactionMax',
] as const;
const allTerms = fc
  .record({
    rate: aDecimal(100, 4),
    fixedAmount: aDecimal(5, 2),
    freeUnitsPerEvents: fc.bigInt({ min: 0n, max: 4n }),
    freeUnitsPerTotalAggregation: aDecimal(300, 2),
    perTransactionMin: aDecimal(3, 2),
    perTransactionMax: aDecimal(20, 2),
  })
  .map((terms) =>
    Number(plain(terms.perTransactionMin)) > Number(plain(terms.perTransactionMax))
      ? { ...terms, perTransactionMax: terms.perTransactionMin }
      : terms,
  );
type AllTerms = ValueOf<typeof allTerms>;

/** The terms with only the optional settings whose bit is set in `mask` (0..31: every combination). */
function someOf(terms: AllTerms, mask: number): PercentageTerms {
  const kept: Record<string, unknown> = { rate: terms.rate };
  OPTIONAL_TERMS.forEach((key, bit) => {
    if ((mask & (1 << bit)) !== 0) kept[key] = terms[key];
  });
  return kept as unknown as PercentageTerms;
}
const someTerms = fc.tuple(allTerms, fc.integer({ min: 0, max: 31 })).map(([terms, mask]) => someOf(terms, mask));

interface GeneratedSet {
  subscriptionId: string;
  window: { from: number; to: number };
  events: GeneratedEvent[];
  filters: ChargeBucketFilter[];
  /** Set for PERCENTAGE sets: each filter's terms, then the rest's. */
  terms?: { filters: PercentageTerms[]; rest: PercentageTerms };
  metric: MeteredMetric;
}

describe('metering: SQL and domain agree (property)', () => {
  let orm: Orm;
  let sql: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm({ poolMax: CONCURRENCY });
    sql = tenantSql(orm, (await createTenantFixture(orm, loadConfig())).tenantId);
  });
  afterAll(() => orm.close());

  it('on every aggregation type, recurring on and off, with filters, and on PERCENTAGE with every term combination', async () => {
    const seed = Date.now();
    const sets = [...generateAggregationSets(seed), ...generatePercentageSets(seed)];
    const stored = sets.flatMap((set) =>
      set.events.map((event) => ({
        subscriptionId: set.subscriptionId,
        code: event.code,
        timestamp: event.timestamp,
        properties: propertiesOf(event),
      })),
    );
    const seqs = await storeEvents(sql, sql.table('events'), stored);
    let next = 0;
    const domainEvents = sets.map((set) =>
      set.events.map((event): UsageEvent & { code: string } => ({
        timestamp: event.timestamp,
        seq: seqs[next++] ?? -1n,
        properties: propertiesOf(event),
        code: event.code,
      })),
    );

    const mismatches: unknown[] = [];
    await inBatches(sets.length, CONCURRENCY, async (index) => {
      const set = sets[index] as GeneratedSet;
      const events = (domainEvents[index] ?? []).filter((event) => event.code === set.metric.code);
      const expected = expectedOf(set, events);
      const actual = await actualOf(sql, set);
      if (!sameBuckets(expected, actual)) mismatches.push({ set, expected: show(expected), actual: show(actual) });
    });

    expect({ seed, mismatches: mismatches.slice(0, 2) }).toEqual({ seed, mismatches: [] });
    // Every combination of the five optional PERCENTAGE terms was exercised.
    const combinations = new Set(
      sets.flatMap((set) => (set.terms === undefined ? [] : [set.terms.rest, ...set.terms.filters])).map(termsShape),
    );
    expect(combinations.size).toBe(32);
  });
});

function generateAggregationSets(seed: number): GeneratedSet[] {
  const metrics: MeteredMetric[] = [
    ...(['COUNT', 'SUM', 'MAX', 'UNIQUE_COUNT', 'LATEST', 'WEIGHTED_SUM'] as const).map((type) =>
      metricOf(type, false),
    ),
    ...(['SUM', 'UNIQUE_COUNT', 'WEIGHTED_SUM'] as const).map((type) => metricOf(type, true)),
  ];
  return metrics.flatMap((metric, offset) => {
    const anyEvent =
      metric.aggregationType === 'UNIQUE_COUNT' ? anEvent(aUniqueValue, aCrowdedInstant) : anEvent(aNumericValue);
    const aSet = fc.record({
      window: aWindow,
      events: fc.array(anyEvent, { maxLength: 14 }),
      filters: someFilters,
    });
    return fc
      .sample(aSet, { numRuns: SETS_PER_AGGREGATION, seed: seed + offset })
      .map((set) => ({ ...set, metric, subscriptionId: newId('subscription') }));
  });
}

function generatePercentageSets(seed: number): GeneratedSet[] {
  const aSet = fc.record({
    window: aWindow,
    events: fc.array(anEvent(aNumericValue), { maxLength: 14 }),
    filters: someFilters,
    restTerms: allTerms,
    filterTerms: fc.array(someTerms, { minLength: 3, maxLength: 3 }),
  });
  // The rest's terms take each of the 32 combinations of optional settings in turn; the filters' are drawn.
  return fc.sample(aSet, { numRuns: PERCENTAGE_SETS, seed: seed - 1 }).map((set, index) => ({
    subscriptionId: newId('subscription'),
    window: set.window,
    events: set.events,
    filters: set.filters,
    terms: { filters: set.filterTerms.slice(0, set.filters.length), rest: someOf(set.restTerms, index % 32) },
    metric: metricOf('SUM', false),
  }));
}

function metricOf(aggregationType: MeteredMetric['aggregationType'], recurring: boolean): MeteredMetric {
  return { code: 'api', aggregationType, fieldName: aggregationType === 'COUNT' ? null : 'value', recurring };
}

function expectedOf(set: GeneratedSet, events: UsageEvent[]) {
  const period = { start: set.window.from, end: set.window.to };
  if (set.terms !== undefined) {
    const { filters: termsOfFilters, rest } = set.terms;
    const filters = set.filters.map((filter, index) => ({ ...filter, terms: termsOfFilters[index] ?? rest }));
    return percentageBucketFees({ events, period, fieldName: 'value', filters, restTerms: rest });
  }
  return aggregateBucketUnits({ events, period, metric: set.metric, filters: set.filters });
}

function actualOf(sql: TenantSql, set: GeneratedSet) {
  const window = { subscriptionId: set.subscriptionId, from: new Date(set.window.from), to: new Date(set.window.to) };
  if (set.terms !== undefined) {
    const { filters: termsOfFilters, rest } = set.terms;
    const filters = set.filters.map((filter, index) => ({ ...filter, terms: termsOfFilters[index] ?? rest }));
    return percentageUsageFees(sql, sql.table('events'), window, set.metric, filters, rest);
  }
  return aggregateUsageUnits(sql, sql.table('events'), window, set.metric, set.filters);
}

function propertiesOf(event: GeneratedEvent): Record<string, PropertyValue> {
  const properties: Record<string, PropertyValue> = {};
  if (event.value !== undefined) properties.value = event.value;
  if (event.region !== undefined) properties.region = event.region;
  if (event.tier !== undefined) properties.tier = event.tier;
  if (event.operation !== undefined) properties.operation_type = event.operation;
  return properties;
}

type Buckets = { filters: Rational[]; rest: Rational };
const sameRational = (a: Rational, b: Rational) => a.numerator === b.numerator && a.denominator === b.denominator;
const sameBuckets = (a: Buckets, b: Buckets) =>
  a.filters.length === b.filters.length &&
  a.filters.every((value, index) => sameRational(value, b.filters[index] as Rational)) &&
  sameRational(a.rest, b.rest);
const showRational = (value: Rational) => `${value.numerator}/${value.denominator}`;
const show = (buckets: Buckets) => ({ filters: buckets.filters.map(showRational), rest: showRational(buckets.rest) });

const termsShape = (terms: PercentageTerms) =>
  (
    [
      'fixedAmount',
      'freeUnitsPerEvents',
      'freeUnitsPerTotalAggregation',
      'perTransactionMin',
      'perTransactionMax',
    ] as const
  )
    .map((key) => (terms[key] === undefined ? '-' : key))
    .join(',');

async function inBatches(count: number, width: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

function decimalOf(text: string): Decimal {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function plain({ unscaled, scale }: Decimal): string {
  const sign = unscaled < 0n ? '-' : '';
  const digits = (unscaled < 0n ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
