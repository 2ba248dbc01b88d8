import type { JsonObject } from './to-openapi-schema';

const MAX_DEPTH = 6;

const FORMAT_EXAMPLES: Readonly<Record<string, unknown>> = {
  'date-time': '2026-11-21T10:00:00.000Z',
  date: '2026-11-21',
  email: 'owner@example.com',
  uri: 'https://example.com',
};

/**
 * Gives every component that has no `example` one composed from what its parts declare: a property's own example,
 * then its const/enum/default, then a value of its format or type. Hand-written examples always win; the composed
 * ones keep Swagger UI and generated clients from showing empty objects.
 */
export function fillComponentExamples(components: Record<string, JsonObject>): void {
  for (const name of Object.keys(components)) exampleOfComponent(name, components, 0);
}

/** An example of `schema` composed the same way, for a schema whose parts are inline (no `$ref`). */
export function composeExample(schema: JsonObject): unknown {
  return exampleOf(schema, {}, 0);
}

function exampleOfComponent(name: string, components: Record<string, JsonObject>, depth: number): unknown {
  const component = components[name];
  if (component === undefined) return undefined;
  if (component.example === undefined && depth < MAX_DEPTH) {
    const example = exampleOf(component, components, depth + 1);
    if (example !== undefined) component.example = example;
  }
  return component.example;
}

function exampleOf(schema: JsonObject, components: Record<string, JsonObject>, depth: number): unknown {
  if (schema.example !== undefined) return schema.example;
  if (typeof schema.$ref === 'string') {
    return exampleOfComponent(schema.$ref.replace('#/components/schemas/', ''), components, depth);
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = [schema.allOf, schema.oneOf, schema.anyOf].find(Array.isArray) as JsonObject[] | undefined;
  if (variants?.[0] !== undefined) return exampleOf(variants[0], components, depth);
  if (typeof schema.format === 'string' && schema.format in FORMAT_EXAMPLES) return FORMAT_EXAMPLES[schema.format];
  switch (schema.type) {
    case 'object':
      return objectExample(schema, components, depth);
    case 'array':
      return arrayExample(schema, components, depth);
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return true;
    default:
      return undefined;
  }
}

function objectExample(schema: JsonObject, components: Record<string, JsonObject>, depth: number): unknown {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const example: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    const value = exampleOf(property, components, depth);
    if (value !== undefined) example[key] = value;
  }
  return example;
}

function arrayExample(schema: JsonObject, components: Record<string, JsonObject>, depth: number): unknown {
  const items = schema.items as JsonObject | undefined;
  if (items === undefined) return [];
  const item = exampleOf(items, components, depth);
  return item === undefined ? [] : [item];
}
