/**
 * The fields of an OpenAPI 3.0 schema as rows a reader scans (`data.lines[].amount`, its type, whether it is always
 * present, what it means), `$ref`s followed into the document's components. The webhooks page lists each payload
 * this way: swagger-ui shows request and response bodies but not the `x-webhooks` of a 3.0 document.
 */

export type OpenApiSchema = Readonly<Record<string, unknown>>;

export interface SchemaField {
  path: string;
  type: string;
  required: boolean;
  description: string;
}

/** Deeper than any payload nests; a guard against a schema that refers to itself. */
const MAX_DEPTH = 8;

export function schemaFields(
  schema: OpenApiSchema,
  components: Readonly<Record<string, OpenApiSchema>>,
): SchemaField[] {
  const fields: SchemaField[] = [];
  collect({ schema, components, prefix: '', depth: 0, fields });
  return fields;
}

interface Walk {
  schema: OpenApiSchema;
  components: Readonly<Record<string, OpenApiSchema>>;
  prefix: string;
  depth: number;
  fields: SchemaField[];
}

function collect(walk: Walk): void {
  const schema = resolve(walk.schema, walk.components);
  if (walk.depth > MAX_DEPTH) return;
  const properties = asRecord(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [name, raw] of Object.entries(properties)) {
    const property = resolve(raw as OpenApiSchema, walk.components);
    const path = walk.prefix === '' ? name : `${walk.prefix}.${name}`;
    walk.fields.push({
      path,
      type: typeOf(property, walk.components),
      required: required.has(name),
      description: descriptionOf(raw as OpenApiSchema, property),
    });
    const items = property.type === 'array' ? resolve(asRecord(property.items), walk.components) : undefined;
    const nested = items ?? property;
    const nestedPath = items === undefined ? path : `${path}[]`;
    if (asRecord(nested.properties) !== EMPTY) {
      collect({ ...walk, schema: nested, prefix: nestedPath, depth: walk.depth + 1 });
    }
  }
}

const EMPTY: Readonly<Record<string, unknown>> = Object.freeze({});

function asRecord(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0
    ? (value as Record<string, unknown>)
    : EMPTY;
}

/** A `$ref`, or an `allOf` of one (how a nullable reference is written in 3.0), as the schema it names. */
function resolve(schema: OpenApiSchema, components: Readonly<Record<string, OpenApiSchema>>): OpenApiSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = components[ref.replace('#/components/schemas/', '')];
    return target === undefined ? schema : resolve(target, components);
  }
  const allOf = schema.allOf;
  if (Array.isArray(allOf) && allOf.length === 1) {
    const { allOf: _single, ...rest } = schema;
    return { ...resolve(allOf[0] as OpenApiSchema, components), ...rest };
  }
  return schema;
}

function typeOf(schema: OpenApiSchema, components: Readonly<Record<string, OpenApiSchema>>): string {
  const nullable = schema.nullable === true ? ' | null' : '';
  if (Array.isArray(schema.enum)) return `${schema.enum.map((value) => JSON.stringify(value)).join(' | ')}${nullable}`;
  const variants = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(variants)) {
    return `${variants.map((variant) => typeOf(resolve(variant as OpenApiSchema, components), components)).join(' | ')}${nullable}`;
  }
  if (schema.type === 'array') return `${typeOf(resolve(asRecord(schema.items), components), components)}[]${nullable}`;
  const format = typeof schema.format === 'string' ? ` (${schema.format})` : '';
  return `${typeof schema.type === 'string' ? schema.type : 'any'}${format}${nullable}`;
}

/** The property's own description first: the referenced component's says what the record is, not this field. */
function descriptionOf(raw: OpenApiSchema, resolved: OpenApiSchema): string {
  const own = raw.description ?? resolved.description;
  return typeof own === 'string' ? own : '';
}
