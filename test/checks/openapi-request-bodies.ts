/**
 * The JSON request bodies an OpenAPI document describes, as examples to send and the required fields in them, read
 * from the document alone so that a route added later is covered without editing its test.
 */

export type JsonSchema = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, JsonSchema>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** One body to send: a whole example, and the dotted paths of the required fields it contains. */
export interface BodyVariant {
  name: string;
  body: unknown;
  requiredPaths: string[];
}

export interface DocumentedBody {
  method: string;
  path: string;
  operation: JsonSchema;
  variants: BodyVariant[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function requestBodiesOf(document: OpenApiDocument): DocumentedBody[] {
  const resolve = resolverOf(document);
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, operation]) => {
      const content = (operation.requestBody as JsonSchema | undefined)?.content as JsonSchema | undefined;
      const schema = (content?.['application/json'] as JsonSchema | undefined)?.schema as JsonSchema | undefined;
      if (schema === undefined) return [];
      const variants = variantsOf(resolve(schema), resolve);
      return variants.length === 0 ? [] : [{ method: method.toUpperCase(), path, operation, variants }];
    }),
  );
}

type Resolve = (schema: JsonSchema) => JsonSchema;

function resolverOf(document: OpenApiDocument): Resolve {
  const resolve = (schema: JsonSchema): JsonSchema => {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const found = document.components.schemas[ref.replace('#/components/schemas/', '')];
    if (found === undefined) throw new Error(`unresolved ${ref}`);
    return resolve(found);
  };
  return resolve;
}

/** A property every object branch declares with one allowed value: the union's tag. */
function tagOf(branch: JsonSchema, resolve: Resolve): string | undefined {
  const properties = (branch.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).find(([, property]) => {
    const allowed = resolve(property).enum;
    return Array.isArray(allowed) && allowed.length === 1;
  })?.[0];
}

/**
 * The bodies of a request schema: its own example; for a union of objects, each branch's; for implications written
 * as allOf[anyOf[{field: schema}, {tag: not K}]] (a provider's credentials), a body per tag value built from the
 * example with that field's example.
 */
function variantsOf(schema: JsonSchema, resolve: Resolve): BodyVariant[] {
  const branches = ((schema.oneOf ?? schema.anyOf ?? []) as JsonSchema[]).map(resolve).filter((b) => b.properties);
  const variant = (name: string, body: unknown, shape: JsonSchema): BodyVariant => ({
    name,
    body,
    requiredPaths: requiredPathsOf(shape, body, [], resolve),
  });
  const variants: BodyVariant[] = [];
  if (schema.example !== undefined) {
    const own = branches.find((branch) => matchesTag(branch, schema.example, resolve)) ?? schema;
    variants.push(variant('example', schema.example, own));
  }
  for (const [index, branch] of branches.entries()) {
    const tag = tagOf(branch, resolve);
    const example = branch.example;
    const name = tag !== undefined && isRecord(example) ? `${tag} ${String(example[tag])}` : `branch ${index}`;
    variants.push(variant(name, example, branch));
  }
  for (const implied of impliedVariants(schema, resolve))
    variants.push(variant(implied.name, implied.body, implied.shape));
  return variants.filter((candidate) => candidate.body !== undefined);
}

function matchesTag(branch: JsonSchema, example: unknown, resolve: Resolve): boolean {
  const tag = tagOf(branch, resolve);
  if (tag === undefined || !isRecord(example)) return false;
  const property = resolve(((branch.properties ?? {}) as Record<string, JsonSchema>)[tag] ?? {});
  return (property.enum as unknown[])[0] === example[tag];
}

function impliedVariants(schema: JsonSchema, resolve: Resolve) {
  return ((schema.allOf ?? []) as JsonSchema[]).flatMap((rule) => {
    const [conclusion, guard] = (rule.anyOf ?? []) as JsonSchema[];
    const [tag, negated] = Object.entries((guard?.properties ?? {}) as Record<string, JsonSchema>)[0] ?? [];
    const value = ((negated?.not as JsonSchema | undefined)?.enum as unknown[] | undefined)?.[0];
    const [field, fieldSchema] = Object.entries((conclusion?.properties ?? {}) as Record<string, JsonSchema>)[0] ?? [];
    if (tag === undefined || field === undefined || fieldSchema === undefined || !isRecord(schema.example)) return [];
    const body = { ...schema.example, [tag]: value, [field]: resolve(fieldSchema).example };
    const shape = { ...schema, properties: { ...(schema.properties as JsonSchema), [field]: fieldSchema } };
    return [{ name: `${tag} ${String(value)}`, body, shape }];
  });
}

/**
 * The dotted paths of the required fields a value contains, nested objects and the first item of arrays included.
 * The fields of an exactly-one-of rule (a oneOf of bare `required` lists) count too: without the one given, the
 * body has neither.
 */
function requiredPathsOf(schema: JsonSchema, value: unknown, at: string[], resolve: Resolve): string[] {
  const shape = resolve(schema);
  if (Array.isArray(value)) {
    const items = shape.items as JsonSchema | undefined;
    return items === undefined || value.length === 0 ? [] : requiredPathsOf(items, value[0], [...at, '0'], resolve);
  }
  if (!isRecord(value)) return [];
  const alternatives = ((shape.oneOf ?? []) as JsonSchema[]).flatMap((branch) =>
    branch.properties === undefined ? ((branch.required ?? []) as string[]) : [],
  );
  const required = [...((shape.required ?? []) as string[]), ...alternatives].filter((field) => field in value);
  const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
  const nested = Object.entries(value).flatMap(([field, item]) => {
    const property = properties[field];
    return property === undefined ? [] : requiredPathsOf(property, item, [...at, field], resolve);
  });
  return [...required.map((field) => [...at, field].join('.')), ...nested];
}

/** A copy of `body` without the field at a dotted path. */
export function withoutField(body: unknown, path: string): unknown {
  const copy = structuredClone(body);
  const segments = path.split('.');
  const last = segments.pop() ?? '';
  let parent: unknown = copy;
  for (const segment of segments) parent = (parent as Record<string, unknown>)[segment];
  if (isRecord(parent)) Reflect.deleteProperty(parent, last);
  return copy;
}
