import type { TSchema } from '@sinclair/typebox';
import { DATE_OR_DATE_TIME } from '../validation/validator';
import { schemaNameOf } from './schema-registry';

export type JsonObject = Record<string, unknown>;

/**
 * Turns a TypeBox (JSON Schema) definition into an OpenAPI 3.0 schema: named schemas become `$ref`s to
 * components, `const` becomes a one-value `enum`, and a union with null becomes `nullable: true`. Two rules the
 * validator applies outside the schemas are written in: a date-or-timestamp is `anyOf` the two standard formats, a
 * date or timestamp names a four-digit year from 1000, and free text says it may not hold NUL (PostgreSQL cannot store it; every request part is checked for it).
 */
export function toOpenApiSchema(schema: TSchema, components: Record<string, JsonObject>): JsonObject {
  const name = schemaNameOf(schema);
  if (name === undefined) return convert(schema, components);
  if (!(name in components)) {
    components[name] = {}; // reserve first: a recursive schema must not recurse forever
    components[name] = convert(schema, components);
  }
  return { $ref: `#/components/schemas/${name}` };
}

function convert(schema: JsonObject, components: Record<string, JsonObject>): JsonObject {
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === 'const') result.enum = [value];
    // JSON Schema's numeric bound is OpenAPI 3.0's boolean flag beside minimum/maximum.
    else if (key === 'exclusiveMinimum' && typeof value === 'number')
      Object.assign(result, exclusive('minimum', value));
    else if (key === 'exclusiveMaximum' && typeof value === 'number')
      Object.assign(result, exclusive('maximum', value));
    else if (key === 'properties')
      result.properties = mapValues(value as JsonObject, (child) => sub(child, components));
    else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object'))
      result[key] = sub(value, components);
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf')
      Object.assign(result, convertComposition(key, value as JsonObject[], components));
    else result[key] = value;
  }
  return describeTextRules(result);
}

function exclusive(bound: 'minimum' | 'maximum', value: number): JsonObject {
  const flag = bound === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum';
  return { [bound]: value, [flag]: true };
}

/** Free text: a string the schema constrains by neither pattern, format nor enum. */
const NO_NUL_PATTERN = '^[^\\u0000]*$';

/**
 * A date or timestamp input names a year from 1000 to 9999 (the validator's bound, api/validation/validator.ts): the
 * formats alone would admit year 0089, which the API refuses.
 */
const FOUR_DIGIT_YEAR_PATTERN = '^[1-9][0-9]{3}-';

function describeTextRules(schema: JsonObject): JsonObject {
  if (schema.type !== 'string') return schema;
  if (schema.format === DATE_OR_DATE_TIME) {
    const { type: _type, format: _format, ...rest } = schema;
    return {
      ...rest,
      anyOf: [
        { type: 'string', format: 'date', pattern: FOUR_DIGIT_YEAR_PATTERN },
        { type: 'string', format: 'date-time', pattern: FOUR_DIGIT_YEAR_PATTERN },
      ],
    };
  }
  if (schema.format === 'date-time' && schema.pattern === undefined) {
    return { ...schema, pattern: FOUR_DIGIT_YEAR_PATTERN };
  }
  if (schema.format !== undefined || schema.enum !== undefined) return schema;
  if (typeof schema.pattern !== 'string') return { ...schema, pattern: NO_NUL_PATTERN };
  return admitsNul(schema.pattern) ? { ...schema, allOf: [{ pattern: NO_NUL_PATTERN }] } : schema;
}

/** A pattern that is not anchored at both ends, or uses a negated class, `.` or `\S`, lets NUL through. */
function admitsNul(pattern: string): boolean {
  return !pattern.startsWith('^') || !pattern.endsWith('$') || /\\S|\[\^|(?<!\\)\./.test(pattern);
}

function convertComposition(key: string, members: JsonObject[], components: Record<string, JsonObject>): JsonObject {
  const nonNull = members.filter((member) => member.type !== 'null');
  const nullable = nonNull.length < members.length ? { nullable: true } : {};
  const [only] = nonNull;
  if (nonNull.length === 1 && only !== undefined) {
    const converted = sub(only, components);
    // A `$ref` cannot carry siblings in OpenAPI 3.0, so a nullable reference is wrapped in allOf.
    if ('$ref' in converted && 'nullable' in nullable) return { allOf: [converted], ...nullable };
    return 'nullable' in nullable ? { ...enumWithNull(converted), ...nullable } : converted;
  }
  return { [key]: nonNull.map((member) => sub(member, components)), ...nullable };
}

/**
 * OpenAPI 3.0.3: `nullable` does not widen an `enum`, which must list `null` itself, or validators (schemathesis)
 * call a null the API takes invalid.
 */
function enumWithNull(schema: JsonObject): JsonObject {
  const values: unknown = schema.enum;
  if (!Array.isArray(values) || values.includes(null)) return schema;
  return { ...schema, enum: [...(values as unknown[]), null] };
}

function sub(value: unknown, components: Record<string, JsonObject>): JsonObject {
  return toOpenApiSchema(value as TSchema, components);
}

function mapValues(object: JsonObject, map: (value: unknown) => JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}
