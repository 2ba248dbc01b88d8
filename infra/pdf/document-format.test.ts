import { toCurrencyCode } from '../../domain/money';
import { formatAmount, formatCalendarDate, formatMoney, formatQuantity, formatUnitAmount } from './document-format';

const USD = toCurrencyCode('USD');
const JPY = toCurrencyCode('JPY');
const KWD = toCurrencyCode('KWD');

describe('invoice document formatting', () => {
  it.each([
    [123450n, USD, '1,234.50'],
    [5n, USD, '0.05'],
    [-1497n, USD, '-14.97'],
    [0n, USD, '0.00'],
    [123456789012n, USD, '1,234,567,890.12'],
    [1500n, JPY, '1,500'],
    [999n, JPY, '999'],
    [1234n, KWD, '1.234'],
    [-1234567n, KWD, '-1,234.567'],
  ])('formats %s minor units of %s as %s', (minor, currency, expected) => {
    expect(formatAmount(minor, currency)).toBe(expected);
  });

  it('adds the currency code for amounts read on their own', () => {
    expect(formatMoney(2580n, USD)).toBe('25.80 USD');
  });

  it.each([
    ['29', USD, '29.00'],
    ['-14.97', USD, '-14.97'],
    ['0.0004', USD, '0.0004'],
    ['1234.5', USD, '1,234.50'],
    ['1500', JPY, '1,500'],
    ['1.2', KWD, '1.200'],
  ])(
    'shows unit price %s %s as %s: the currency decimals at least, more when the price has them',
    (text, currency, out) => {
      expect(formatUnitAmount(text, currency)).toBe(out);
    },
  );

  it('groups quantities and keeps their decimals', () => {
    expect(formatQuantity('1250000')).toBe('1,250,000');
    expect(formatQuantity('2.5')).toBe('2.5');
  });

  it('turns instants into calendar dates of the time zone', () => {
    const instant = new Date('2026-01-31T23:30:00Z');
    expect(formatCalendarDate(instant, 'UTC')).toBe('2026-01-31');
    expect(formatCalendarDate(instant, 'Asia/Tokyo')).toBe('2026-02-01');
    expect(formatCalendarDate(instant, 'America/New_York')).toBe('2026-01-31');
  });
});
