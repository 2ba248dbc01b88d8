import type { TSchema } from '@sinclair/typebox';

const schemaNames = new WeakMap<TSchema, string>();

/**
 * Marks a schema as a named OpenAPI component. The schema object itself stays a plain JSON Schema for ajv;
 * only the OpenAPI document replaces it by `$ref: '#/components/schemas/<name>'` (3.0 rejects `$id`).
 */
export function named<T extends TSchema>(name: string, schema: T): T {
  schemaNames.set(schema, name);
  return schema;
}

export function schemaNameOf(schema: object): string | undefined {
  return schemaNames.get(schema as TSchema);
}
