const PLAIN_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Quotes a schema or database name for DDL, which cannot take bind parameters. Only plain names (letters,
 * digits, underscores, at most 63 bytes: PostgreSQL's limit) are accepted, so quoting never has to escape and a
 * name can never be silently truncated into another one.
 */
export function quoteIdentifier(name: string): string {
  if (!PLAIN_IDENTIFIER.test(name)) throw new Error(`Refusing unsafe SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}
