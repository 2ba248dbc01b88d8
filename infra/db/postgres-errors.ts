/** PostgreSQL's unique_violation (23505) on the named constraint or index: the database decided a uniqueness race. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && violated === constraint;
}

/** PostgreSQL's foreign_key_violation (23503): a row still referenced, or a reference to a row that is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/** PostgreSQL's undefined_table (42P01): the table, or the schema that held it, does not exist. */
export function isUndefinedTable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '42P01';
}

/**
 * pg-pool gave up waiting for a free pooled connection (or for a new one to open) within `connectionTimeoutMillis`:
 * the process is busier than its pool, not broken, so a caller may try again shortly.
 */
export function isConnectionWaitTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'timeout exceeded when trying to connect';
}
