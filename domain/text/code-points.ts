/**
 * Cuts text by Unicode code points, never inside a surrogate pair: a half pair is a lone surrogate, which
 * PostgreSQL's `jsonb` refuses and a provider may reject.
 */
export function firstCodePoints(text: string, count: number): string {
  return Array.from(text).slice(0, Math.max(0, count)).join('');
}

/** The last `count` code points of `text` (see `firstCodePoints`). */
export function lastCodePoints(text: string, count: number): string {
  if (count <= 0) return '';
  return Array.from(text).slice(-count).join('');
}

/** The length a reader sees: code points, not UTF-16 units. */
export function codePointLength(text: string): number {
  return Array.from(text).length;
}
