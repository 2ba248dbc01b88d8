import { createHash } from 'node:crypto';

/**
 * What makes two requests "the same" for an Idempotency-Key (CONTRACT §15): method, path and the body as parsed
 * JSON, with object keys in any order. No body at all is `{}`, as the routes take it (a body schema validates it as
 * `{}`, and a route without one takes `{}` as no body). `path` is the caller's to make canonical: the API gives the
 * route it matched, so spellings its router takes for one route are one request. Hashed, so a stored row holds no
 * request data.
 */
export function requestFingerprint(request: { method: string; path: string; body: unknown }): string {
  const body = request.body === undefined ? {} : request.body;
  const canonical = `${request.method.toUpperCase()} ${request.path}\n${canonicalJson(body)}`;
  return createHash('sha256').update(canonical).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  // Parsed JSON holds no undefined or functions, so every value has a JSON text.
  return JSON.stringify(value);
}
