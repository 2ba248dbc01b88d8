/**
 * Reading providers' JSON without trusting its shape: every field is checked where it is read, so an unexpected
 * answer is a clear GatewayError at the adapter instead of a TypeError somewhere in a payment flow.
 */
export type JsonObject = Readonly<Record<string, unknown>>;

export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** A non-empty string field; numbers are read as their decimal text (ids that some providers send as numbers). */
export function stringField(object: JsonObject | undefined, key: string): string | undefined {
  const value = object?.[key];
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return undefined;
}

/** An integer field as a bigint: a JSON number that is a safe integer, or a string of digits (Paystack sends both). */
export function integerField(object: JsonObject | undefined, key: string): bigint | undefined {
  const value = object?.[key];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return undefined;
}

/** The body parsed as a JSON object; undefined when it is not JSON or not an object. */
export function parseJsonObject(raw: Buffer | string): JsonObject | undefined {
  try {
    return asObject(JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8')));
  } catch {
    return undefined;
  }
}
