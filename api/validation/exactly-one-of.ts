/**
 * "Give A or B, not both" as JSON Schema can say it, so the OpenAPI document states the rule the API applies: a
 * `oneOf` of two `required` lists. The annotation lets the validator name the fields in its 400 instead of
 * reporting an anonymous `oneOf` failure.
 */
export const EXACTLY_ONE_OF_KEYWORD = 'x-exactly-one-of';

export function exactlyOneOf(first: string, second: string) {
  return {
    oneOf: [{ required: [first] }, { required: [second] }],
    [EXACTLY_ONE_OF_KEYWORD]: [first, second],
  };
}

/** The 400 message of a body that gives both fields or neither. */
export function exactlyOneOfMessage(fields: readonly string[], passing: unknown): string {
  const [first, second] = fields;
  return Array.isArray(passing) ? `give ${first} or ${second}, not both` : `is required (or ${second})`;
}
