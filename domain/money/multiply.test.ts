import { toCurrencyCode } from './currency';
import { parseDecimal, type Decimal } from './decimal';
import { type Money } from './money';
import { multiplyMoney, roundToMoney } from './multiply';
import { createRational, multiplyExact } from './rational';

const USD = toCurrencyCode('USD');
const JPY = toCurrencyCode('JPY');
const KWD = toCurrencyCode('KWD');
const usd = (amount: bigint): Money => ({ amount, currency: USD });

function decimal(input: string): Decimal {
  const parsed = parseDecimal(input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('multiplyMoney', () => {
  it.each([
    ['by an integer quantity', usd(4999n), 3n, usd(14997n)],
    ['by a decimal, half up', usd(4999n), decimal('0.5'), usd(2500n)],
    ['by a decimal, negative half away from zero', usd(-4999n), decimal('0.5'), usd(-2500n)],
    ['by a negative decimal', usd(4999n), decimal('-0.5'), usd(-2500n)],
    ['by a percentage', usd(1999n), decimal('0.125'), usd(250n)],
    ['by a proration ratio', usd(3000n), createRational(10n, 31n), usd(968n)],
    ['by a ratio, negative', usd(-3000n), createRational(10n, 31n), usd(-968n)],
    ['by zero', usd(3000n), 0n, usd(0n)],
  ])('multiplies %s', (_name, money, factor, product) => {
    expect(multiplyMoney(money, factor, 'HALF_AWAY_FROM_ZERO')).toEqual(product);
  });

  it('rounds a credit to exactly the negated charge', () => {
    const ratio = createRational(17n, 30n);
    expect(multiplyMoney(usd(-4999n), ratio)).toEqual({ ...multiplyMoney(usd(4999n), ratio), amount: -2833n });
  });
});

describe('roundToMoney', () => {
  it.each([
    ['1234 calls at 0.0004 USD', 1234n, '0.0004', USD, 49n],
    ['1250 calls at 0.0004 USD', 1250n, '0.0004', USD, 50n],
    ['1 call at 0.000000000001 USD', 1n, '0.000000000001', USD, 0n],
    ['3 units at 0.5 JPY', 3n, '0.5', JPY, 2n],
    ['3 units at 0.0005 KWD', 3n, '0.0005', KWD, 2n],
    ['-1250 calls at 0.0004 USD', -1250n, '0.0004', USD, -50n],
  ])('rounds %s once per line', (_name, quantity, unitPrice, currency, amount) => {
    expect(roundToMoney(multiplyExact(quantity, decimal(unitPrice)), currency)).toEqual({ amount, currency });
  });
});
