import openapiTS, { astToString } from 'openapi-typescript';
import { convertV2 } from 'openapi-to-postmanv2';

type Json = Record<string, unknown>;

/** Where each generated file lives, from the repository's root. */
export const CLIENT_FILES = {
  types: 'clients/typescript/openapi.d.ts',
  collection: 'clients/postman/billing-platform.postman_collection.json',
} as const;

export type ClientFiles = Record<keyof typeof CLIENT_FILES, string>;

/** What a user sets once: where the API is, and the API key (data routes) or JWT (`/tenants/me` routes) to send. */
const COLLECTION_VARIABLES = [
  { key: 'baseUrl', value: 'http://localhost:3000' },
  { key: 'bearerToken', value: '<an API key, or a JWT for /tenants/me routes>' },
];

const TYPES_HEADER = '// Generated from the served OpenAPI document by `npm run clients:generate`. Do not edit.\n\n';

/** The generated files' contents for `document`: deterministic, so a test can tell when they drift from it. */
export async function generateClientFiles(document: object): Promise<ClientFiles> {
  const types = TYPES_HEADER + astToString(await openapiTS(document as Parameters<typeof openapiTS>[0]));
  const stable = stabilize(await postmanCollection(document), document) as Json;
  const collection = `${JSON.stringify({ ...stable, variable: COLLECTION_VARIABLES }, null, 2)}\n`;
  return { types, collection };
}

function postmanCollection(document: object): Promise<unknown> {
  return new Promise((resolve, reject) => {
    convertV2(
      { type: 'json', data: document },
      { folderStrategy: 'Tags', parametersResolution: 'Example', schemaFaker: false, includeAuthInfoInExample: false },
      (error, result) => {
        const data = result?.output?.[0]?.data;
        if (error !== null) reject(new Error(error.message));
        else if (result?.result !== true || data === undefined) reject(new Error(result?.reason ?? 'no collection'));
        else resolve(data);
      },
    );
  });
}

/**
 * The converter gives every item a random id and invents values the document has no example for (path and query
 * parameters, headers, a body whose schema is a `oneOf`). Made deterministic here, so the file changes only with the
 * document: ids numbered in document order, parameters and documented headers as named placeholders (`<id>`), and
 * each request body the document's own example for that operation. Saved responses are kept for success only: every
 * error shares one shape, documented once.
 */
function stabilize(collection: unknown, document: object): unknown {
  let next = 0;
  const visit = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) {
      const kept = key === 'response' ? value.filter(isSuccessResponse) : value;
      const parameters = key === 'variable' || key === 'query';
      return kept.map((item) =>
        parameters || (key === 'header' && isDocumented(item)) ? placeholder(item) : visit(item),
      );
    }
    if (typeof value !== 'object' || value === null) return value;
    const entries = Object.entries(value).map(([name, item]): [string, unknown] =>
      (name === 'id' || name === '_postman_id') && typeof item === 'string'
        ? [name, `item-${++next}`]
        : [name, visit(item, name)],
    );
    return withDocumentedBody(Object.fromEntries(entries), document);
  };
  return visit(collection);
}

function isSuccessResponse(response: unknown): boolean {
  const code = (response as { code?: unknown }).code;
  return typeof code === 'number' && code < 300;
}

/** A header the document describes (not the converter's own Content-Type and Accept). */
function isDocumented(header: unknown): boolean {
  return typeof header === 'object' && header !== null && 'description' in header;
}

/** A parameter's or documented header's value as `<name>`, for the user to fill in. */
function placeholder(variable: unknown): unknown {
  if (typeof variable !== 'object' || variable === null) return variable;
  const { key } = variable as { key?: unknown };
  return typeof key === 'string' ? { ...variable, value: `<${key}>` } : variable;
}

/** A request (`method`, `url.path`, `body.raw`) gets its operation's documented body example. */
function withDocumentedBody(request: Json, document: object): Json {
  const body = request.body as Json | undefined;
  const url = request.url as { path?: unknown } | undefined;
  if (typeof request.method !== 'string' || typeof body?.raw !== 'string' || !Array.isArray(url?.path)) return request;
  const path = `/${url.path.map((part) => String(part).replace(/^:(.+)$/, '{$1}')).join('/')}`;
  const example = documentedBodyExample(document, request.method.toLowerCase(), path);
  return example === undefined ? request : { ...request, body: { ...body, raw: JSON.stringify(example, null, 2) } };
}

function documentedBodyExample(document: object, method: string, path: string): unknown {
  const operation = ((document as { paths?: Record<string, Record<string, Json>> }).paths ?? {})[path]?.[method];
  const content = (operation?.requestBody as { content?: Record<string, { schema?: Json }> } | undefined)?.content;
  const schema = content?.['application/json']?.schema;
  if (schema === undefined) return undefined;
  if (schema.example !== undefined) return schema.example;
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
  const components = (document as { components?: { schemas?: Record<string, Json> } }).components?.schemas ?? {};
  return ref === undefined ? undefined : components[ref]?.example;
}
