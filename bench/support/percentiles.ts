/** The value at `fraction` (0.5, 0.99) of ascending `sorted` values, nearest rank; NaN when there is none. */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/** p50, p99 and max of `values` (sorted in place), in ms. */
export function latencySpread(values: number[]): { p50: number; p99: number; max: number } {
  const sorted = values.sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}

/** A figure for a table cell: fixed digits, `-` when there is none. */
export const formatFigure = (value: number, digits = 1): string =>
  Number.isFinite(value) ? value.toFixed(digits) : '-';
