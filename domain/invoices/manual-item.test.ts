import { parseDecimal, toCurrencyCode, type Decimal } from '../money';
import { priceItem } from './manual-item';

const decimal = (text: string): Decimal => {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('manual invoice items', () => {
  it.each([
    ['3', 33n, 'USD', 99n, '0.33'],
    ['0.5', 1n, 'USD', 1n, '0.01'],
    ['2.5', 1999n, 'USD', 4998n, '19.99'],
    ['1.5', 1500n, 'JPY', 2250n, '1500'],
    ['0.333', 1000n, 'KWD', 333n, '1.000'],
  ])('%s × %s minor %s is %s minor', (quantity, unitMinor, currency, amount, unitAmount) => {
    const priced = priceItem({
      quantity: decimal(quantity),
      unitPrice: { amount: unitMinor, currency: toCurrencyCode(currency) },
    });
    expect(priced).toEqual({ quantity, unitAmount, amountMinor: amount });
  });
});
