/** A rate 0..1 with four decimals; 0 when there is nothing to divide by. */
export function rateOf(numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return Math.round((numerator / denominator) * 10_000) / 10_000;
}
