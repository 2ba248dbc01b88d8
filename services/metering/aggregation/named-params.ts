import type { SqlParam } from '../../../infra/db/sql';

const NAMED = /@([A-Za-z][A-Za-z0-9_]*)/g;

/**
 * Turns `@name` placeholders into the driver's positional `?`, in textual order, so that a statement assembled from
 * fragments cannot bind a value to the wrong place. Every literal goes through here: the driver reads any `?` in
 * the text, even inside a string, as a placeholder (a regular expression like `[+-]?` cannot be written inline).
 */
export function bindNamed(
  text: string,
  values: Readonly<Record<string, SqlParam>>,
): { text: string; params: SqlParam[] } {
  const params: SqlParam[] = [];
  const bound = text.replace(NAMED, (_token, name: string) => {
    if (!(name in values)) throw new Error(`No value for @${name}`);
    params.push(values[name] ?? null);
    return '?';
  });
  if (bound.includes('??')) throw new Error('A statement must not contain "??" (the driver reads it as an identifier)');
  return { text: bound, params };
}

/** A PostgreSQL text[] literal (`{"eu","a\"b"}`), bound as one scalar and cast with `::text[]`. */
export function textArrayLiteral(values: readonly string[]): string {
  const elements = values.map((value) => `"${value.replace(/[\\"]/g, (character) => `\\${character}`)}"`);
  return `{${elements.join(',')}}`;
}
