import { propertyProblemsOf, numericValueProblem } from './event-rules';
import type { MetricDefinition } from './metric-catalog';

describe('numericValueProblem', () => {
  it.each<[string | number]>([
    [0],
    [-12.5],
    ['12.5'],
    ['-0.000000000001'],
    ['1e3'],
    ['1.5E-7'],
    [1e12],
    ['-1000000000000'],
    ['999999999999.999'],
    ['0012.50'],
    [123456789012345],
    [1e15],
    ['-1000000000000000'],
    ['0.123456789012345'],
    ['-0.000000000000001'],
    ['1e-15'],
  ])('accepts %p', (value) => {
    expect(numericValueProblem(value)).toBeUndefined();
  });

  it.each<[string | number, string]>([
    ['', 'finite number'],
    ['abc', 'finite number'],
    ['1,5', 'finite number'],
    [' 1', 'finite number'],
    ['NaN', 'finite number'],
    ['Infinity', 'finite number'],
    ['.5', 'finite number'],
    ['1234567890.123456', '15 significant digits'],
    [1234567890123456, '15 significant digits'],
    [0.1 + 0.2, '15 significant digits'],
    ['1e17', 'between -1000000000000000 and 1000000000000000'],
    [1e308, 'between -1000000000000000 and 1000000000000000'],
    [-2e15, 'between -1000000000000000 and 1000000000000000'],
    ['1000000000000001', '15 significant digits'],
    ['-0.0000000000000001', 'at most 15 decimals'],
    [1.5e-15, 'at most 15 decimals'],
  ])('refuses %p', (value, message) => {
    expect(numericValueProblem(value)).toContain(message);
  });
});

describe('propertyProblemsOf', () => {
  const metric = (overrides: Partial<MetricDefinition>): MetricDefinition => ({
    code: 'm',
    aggregationType: 'COUNT',
    fieldName: null,
    filters: new Map(),
    ...overrides,
  });

  it('takes any properties on a COUNT metric without filters, and compares filter values as text', () => {
    expect(propertyProblemsOf({ code: 'm', properties: { a: 1, b: 'x' } }, metric({}), 'body')).toEqual([]);
    const filtered = metric({ filters: new Map([['tier', new Set(['1', 'gold'])]]) });
    expect(propertyProblemsOf({ code: 'm', properties: { tier: 1 } }, filtered, 'body')).toEqual([]);
    expect(propertyProblemsOf({ code: 'm', properties: { tier: 2 } }, filtered, 'body.events.4')).toEqual([
      { path: 'body.events.4.properties.tier', message: 'must be one of 1, gold' },
    ]);
  });

  it('lets a UNIQUE_COUNT metric whose field is operation_type read it as its value', () => {
    const unique = metric({ aggregationType: 'UNIQUE_COUNT', fieldName: 'operation_type' });
    expect(propertyProblemsOf({ code: 'm', properties: { operation_type: 'x' } }, unique, 'body')).toEqual([]);
  });
});

describe('propertyProblemsOf: lengths', () => {
  const count: MetricDefinition = { code: 'm', aggregationType: 'COUNT', fieldName: null, filters: new Map() };

  it('counts characters as code points: 100 emoji make a name of 100, 101 one too long', () => {
    const emoji = '\u{1F600}';
    expect(propertyProblemsOf({ code: 'm', properties: { [emoji.repeat(100)]: 1 } }, count, 'body')).toEqual([]);
    const long = emoji.repeat(101);
    expect(propertyProblemsOf({ code: 'm', properties: { [long]: 1 } }, count, 'body')).toEqual([
      { path: `body.properties.${long}`, message: 'is a property name longer than 100 characters' },
    ]);
  });

  it('names a string value over 1,000 characters and reports lengths even for an unknown code', () => {
    const problems = propertyProblemsOf({ code: 'nope', properties: { region: 'x'.repeat(1001) } }, undefined, 'b');
    expect(problems.map((problem) => problem.path)).toEqual(['b.code', 'b.properties.region']);
  });
});
