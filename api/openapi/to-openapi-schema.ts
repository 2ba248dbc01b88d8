import type { TSchema } from '@sinclair/typebox';
import { schemaNameOf } from './schema-registry';

export type JsonObject = Record<string, unknown>;

/**
 * Turns a TypeBox (JSON Schema) definition into an OpenAPI 3.0 schema: named schemas become `$ref`s to
 * components, `const` becomes a one-value `enum`, and a union with null becomes `nullable: true`.
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
    else if (key === 'properties')
      result.properties = mapValues(value as JsonObject, (child) => sub(child, components));
    else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object'))
      result[key] = sub(value, components);
    else if (key === 'anyOf' || key === 'oneOf' || key === 'allOf')
      Object.assign(result, convertComposition(key, value as JsonObject[], components));
    else result[key] = value;
  }
  return result;
}

function convertComposition(key: string, members: JsonObject[], components: Record<string, JsonObject>): JsonObject {
  const nonNull = members.filter((member) => member.type !== 'null');
  const nullable = nonNull.length < members.length ? { nullable: true } : {};
  const [only] = nonNull;
  if (nonNull.length === 1 && only !== undefined) {
    const converted = sub(only, components);
    // A `$ref` cannot carry siblings in OpenAPI 3.0, so a nullable reference is wrapped in allOf.
    return '$ref' in converted && 'nullable' in nullable
      ? { allOf: [converted], ...nullable }
      : { ...converted, ...nullable };
  }
  return { [key]: nonNull.map((member) => sub(member, components)), ...nullable };
}

function sub(value: unknown, components: Record<string, JsonObject>): JsonObject {
  return toOpenApiSchema(value as TSchema, components);
}

function mapValues(object: JsonObject, map: (value: unknown) => JsonObject): JsonObject {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, map(value)]));
}
