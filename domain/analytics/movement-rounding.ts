import { MRR_SCALE, toMinorUnits } from './monthly-amount';
import type { MrrMovements } from './mrr-movements';

/** The movements of one currency in minor units: netNew is exactly the rounded MRR at the end less at the start. */
export interface RoundedMovements {
  currency: string;
  start: bigint;
  end: bigint;
  new: bigint;
  expansion: bigint;
  contraction: bigint;
  churned: bigint;
  netNew: bigint;
}

const floorDiv = (value: bigint, divisor: bigint): bigint => {
  const quotient = value / divisor;
  return value % divisor !== 0n && value < 0n ? quotient - 1n : quotient;
};

/**
 * Rounds each MRR once (start, end) and splits the difference over the four movements by largest remainder: each
 * movement is its exact value's floor or ceiling, and new + expansion - contraction - churned = netNew always, so
 * the figures a finance team adds up agree with the MRR it reads at both ends.
 */
export function roundMovements(exact: MrrMovements): RoundedMovements {
  const start = toMinorUnits(exact.start);
  const end = toMinorUnits(exact.end);
  const netNew = end - start;
  // Signed parts whose exact sum is end - start.
  const parts = [exact.new, exact.expansion, -exact.contraction, -exact.churned];
  const floors = parts.map((part) => floorDiv(part, MRR_SCALE));
  const remainders = parts.map((part, index) => ({ index, remainder: part - (floors[index] ?? 0n) * MRR_SCALE }));
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  let leftover = netNew - floors.reduce((sum, floor) => sum + floor, 0n);
  for (const { index } of remainders) {
    if (leftover <= 0n) break;
    floors[index] = (floors[index] ?? 0n) + 1n;
    leftover -= 1n;
  }
  const [added = 0n, expanded = 0n, contracted = 0n, churned = 0n] = floors;
  return {
    currency: exact.currency,
    start,
    end,
    new: added,
    expansion: expanded,
    contraction: -contracted,
    churned: -churned,
    netNew,
  };
}
