import fc from 'fast-check';
import { parseDecimal } from '../money';
import { compareEventOrder, propertyText, readPropertyNumber } from './usage-event';

describe('readPropertyNumber', () => {
  it.each([
    [12.5, '12.5'],
    ['12.50', '12.5'],
    ['-3', '-3'],
    ['+4', '4'],
    ['1e3', '1000'],
    ['2.5E-2', '0.025'],
    [1e-7, '0.0000001'],
    [0.1, '0.1'],
    ['007', '7'],
    ['1e100', `1${'0'.repeat(100)}`],
    ['15e-400', `0.${'0'.repeat(398)}15`],
    ['1e0400', `1${'0'.repeat(400)}`],
  ])('reads %j exactly as %s', (value, expected) => {
    const parsed = parseDecimal(expected);
    expect(parsed.ok && readPropertyNumber(value)).toEqual(parsed.ok && parsed.value);
  });

  it.each([
    '',
    'ten',
    'NaN',
    'Infinity',
    '1.',
    '.5',
    ' 1',
    '1 ',
    '0x10',
    '1e401',
    '1e1000',
    '1_000',
    '١٢',
    `1${'0'.repeat(64)}`,
  ])('does not take %j for a number', (value) => {
    expect(readPropertyNumber(value)).toBeUndefined();
  });
});

describe('propertyText', () => {
  it('writes numbers as PostgreSQL prints them from jsonb: plain notation, no exponent', () => {
    expect([1e-7, 1.5e21, 100, -0, 2.5, -0.001].map(propertyText)).toEqual([
      '0.0000001',
      '1500000000000000000000',
      '100',
      '0',
      '2.5',
      '-0.001',
    ]);
    expect(propertyText('1e3')).toBe('1e3');
    expect(propertyText(undefined)).toBeUndefined();
  });

  it('round-trips every double through its text', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(Number(propertyText(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

describe('compareEventOrder', () => {
  it('orders by timestamp, then by ingestion', () => {
    const event = (timestamp: number, seq: bigint | number) => ({ timestamp, seq, properties: {} });
    expect(compareEventOrder(event(1, 9), event(2, 1))).toBeLessThan(0);
    expect(compareEventOrder(event(2, 2n), event(2, 1))).toBeGreaterThan(0);
    expect(compareEventOrder(event(2, 1n), event(2, 1))).toBe(0);
  });
});
