import { type Money } from './money';
import { fail, type MoneyResult, succeed } from './money-error';

/**
 * Splits `total` in proportion to integer `ratios` by largest remainder (Hamilton): every part gets the floor of its
 * exact share, then the minor units left over go one each to the largest remainders, the earlier index first on a
 * tie. The parts sum exactly to the total and each is within one minor unit of its exact share. A negative total
 * is split as its magnitude and negated, so splits are symmetric. Empty, negative, non-integer or all-zero ratios
 * are `invalid_ratios`.
 */
export function allocate(total: Money, ratios: readonly bigint[] | readonly number[]): MoneyResult<Money[]> {
  const weights = readWeights(ratios);
  if (!weights.ok) return weights;
  const sign = total.amount < 0n ? -1n : 1n;
  const parts = splitMagnitude(sign * total.amount, weights.value);
  return succeed(parts.map((part) => ({ amount: sign * part, currency: total.currency })));
}

function readWeights(ratios: readonly bigint[] | readonly number[]): MoneyResult<bigint[]> {
  const weights: bigint[] = [];
  for (const ratio of ratios) {
    if (typeof ratio === 'number' && !Number.isSafeInteger(ratio)) {
      return fail('invalid_ratios', `Ratios must be integers, got ${ratio}`);
    }
    const weight = BigInt(ratio);
    if (weight < 0n) return fail('invalid_ratios', `Ratios must not be negative, got ${weight.toString()}`);
    weights.push(weight);
  }
  if (!weights.some((weight) => weight > 0n)) return fail('invalid_ratios', 'At least one ratio must be positive');
  return succeed(weights);
}

function splitMagnitude(magnitude: bigint, weights: readonly bigint[]): bigint[] {
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0n);
  const parts = weights.map((weight) => (magnitude * weight) / weightSum);
  const remainders = weights.map((weight, index) => ({ index, remainder: (magnitude * weight) % weightSum }));
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  let leftover = magnitude - parts.reduce((sum, part) => sum + part, 0n);
  for (const { index } of remainders) {
    if (leftover === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  return parts;
}
