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

// Node's socket errors when the server cannot be reached, or went away.
const UNREACHABLE_SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
]);
// PostgreSQL's admin_shutdown, crash_shutdown and cannot_connect_now; class 08 is every connection exception.
const UNAVAILABLE_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03']);
const CONNECTION_LOST = /^Connection terminated|^Client has encountered a connection error|^Connection ended/;

/**
 * The database cannot be reached or dropped the connection (refused, reset, shut down, starting up): a dependency
 * that is unavailable, not a fault of the request. Looks through wrappers (`cause`) and a connect attempt's several
 * errors (one per address).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (UNREACHABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true;
    }
  }
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
