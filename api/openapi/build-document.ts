import type { TSchema } from '@sinclair/typebox';
import { ErrorBodySchema } from '../http/error-body.schema';
import { acceptsIdempotencyKey, IDEMPOTENCY_KEY_HEADER } from '../routing/idempotent-replies';
import { requiredScopesOf, type ResponseSpec, type RouteDefinition } from '../routing/route-definition';
import { fillComponentExamples } from './fill-examples';
import { toOpenApiSchema, type JsonObject } from './to-openapi-schema';

/** Routes as mounted: `basePath` is the router prefix (`/api`, or `''` for `/health`). */
export interface RouteGroup {
  basePath: string;
  routes: readonly RouteDefinition[];
}

const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'Validation failed; `details` names each field',
  401: 'Missing, malformed, expired or revoked credentials, or the wrong kind of credential',
  403: 'The API key lacks the required scope',
  404: 'Unknown id, or an id of another tenant',
  409: 'Conflict with existing data or with the current state',
  413: 'Request body too large',
  415: 'Request body is not application/json',
  422: '`idempotency_key_reused`: the Idempotency-Key was used for another method, path or body',
  429: 'Rate limit exceeded; see `Retry-After`',
  500: 'Unexpected error (details are logged with the request id, never returned)',
};

/** A request the platform sends (an outbound webhook): its body schema and what it means. */
export interface OutboundWebhook {
  event: string;
  operationId: string;
  summary: string;
  description: string;
  schema: TSchema;
}

/**
 * Builds the OpenAPI 3.0.3 document from the same route declarations that Koa serves, plus `extraSchemas` and the
 * outbound `webhooks` (as `x-webhooks`, the extension documentation tools read: 3.0 has no `webhooks` section).
 */
export function buildOpenApiDocument(
  groups: readonly RouteGroup[],
  info: { version: string; extraSchemas?: readonly TSchema[]; webhooks?: readonly OutboundWebhook[] },
): JsonObject {
  const components: Record<string, JsonObject> = {};
  const errorRef = toOpenApiSchema(ErrorBodySchema, components);
  // Named schemas no route returns.
  for (const schema of info.extraSchemas ?? []) toOpenApiSchema(schema, components);
  const webhooks: Record<string, JsonObject> = {};
  for (const webhook of info.webhooks ?? []) webhooks[webhook.event] = { post: webhookOperation(webhook, components) };
  const paths: Record<string, JsonObject> = {};
  for (const { basePath, routes } of groups) {
    for (const route of routes) {
      const path = toOpenApiPath(basePath, route.path);
      const item = (paths[path] ??= {});
      item[route.method] = buildOperation(route, components, errorRef);
    }
  }
  fillComponentExamples(components);
  return {
    openapi: '3.0.3',
    info: {
      title: 'Billing Platform API',
      version: info.version,
      description:
        'Multi-tenant billing: customers, plans, subscriptions, invoices, payments, usage and more.\n\n' +
        'Outbound webhooks (every event type, its payload, the envelope, the signature headers and where the ' +
        'signing secret comes from): [/api/docs/webhooks](/api/docs/webhooks).',
    },
    // Absolute paths under one server: `/health` (for load balancers) and `/api/health` would collide if paths
    // were relative to `/api`.
    servers: [{ url: '/' }],
    paths,
    ...(info.webhooks === undefined ? {} : { 'x-webhooks': webhooks }),
    components: { schemas: components, securitySchemes: SECURITY_SCHEMES },
  };
}

const WEBHOOK_HEADERS: readonly (readonly [name: string, description: string])[] = [
  ['webhook-id', 'The event id: the same on every attempt and redelivery; deduplicate on it'],
  ['webhook-timestamp', 'Unix seconds when this attempt was sent; reject it when too far from your clock'],
  [
    'webhook-signature',
    'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body` (Standard Webhooks)',
  ],
];

function webhookOperation(webhook: OutboundWebhook, components: Record<string, JsonObject>): JsonObject {
  return {
    operationId: webhook.operationId,
    summary: webhook.summary,
    description: webhook.description,
    tags: ['Outbound webhooks'],
    parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
      name,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    })),
    requestBody: {
      required: true,
      content: { 'application/json': { schema: toOpenApiSchema(webhook.schema, components) } },
    },
    responses: { '2XX': { description: 'Acknowledged: any 2xx within 30 s ends the delivery' } },
  };
}

const SECURITY_SCHEMES = {
  bearerJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'Tenant access token from /auth/login or /auth/register (3600 s). Tenant management (/tenants).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'API key `sk_live_...` for data routes; each operation names the scope it needs.',
  },
};

function toOpenApiPath(basePath: string, koaPath: string): string {
  return `${basePath}${koaPath}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function buildOperation(route: RouteDefinition, components: Record<string, JsonObject>, errorRef: JsonObject) {
  const operation: JsonObject = {
    operationId: route.operationId,
    summary: route.summary,
    tags: route.tags,
    security: securityOf(route),
    parameters: [
      ...parametersOf(route.params, 'path', components),
      ...parametersOf(route.query, 'query', components),
      ...(acceptsIdempotencyKey(route) ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ],
    responses: responsesOf(route, components, errorRef),
  };
  const scopes = requiredScopesOf(route.auth);
  const description = [route.description, scopeNote(scopes)].filter((part) => part !== undefined).join('\n\n');
  if (description !== '') operation.description = description;
  // One scope keeps the string extension; a route that needs several lists them all (a key needs every one).
  if (scopes.length === 1) operation['x-required-scope'] = scopes[0];
  if (scopes.length > 1) operation['x-required-scopes'] = [...scopes];
  if (route.body !== undefined) {
    operation.requestBody = {
      // A body whose every property is optional (a PATCH) may be left out: the API reads it as `{}`.
      required: hasRequiredProperty(route.body),
      content: { 'application/json': { schema: toOpenApiSchema(route.body, components) } },
    };
  }
  return operation;
}

function hasRequiredProperty(schema: TSchema): boolean {
  if (schema.type !== 'object' || schema.oneOf !== undefined) return true;
  const required = schema.required as unknown;
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  return (Array.isArray(required) && required.length > 0) || minProperties > 0;
}

/** CONTRACT §15, on every API-key POST. */
const IDEMPOTENCY_KEY_PARAMETER: JsonObject = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255 },
  description:
    'Makes a retry safe: the first response (status and body) is kept 24 h per API key and key, and a repeat with ' +
    'the same method, path and body gets it back with `Idempotent-Replayed: true` without acting again. Another ' +
    'request under the same key is 422 `idempotency_key_reused`; a repeat while the first runs is 409 ' +
    '`idempotency_request_in_progress`.',
};

function scopeNote(scopes: readonly string[]): string | undefined {
  const quoted = scopes.map((scope) => `\`${scope}\``);
  if (quoted.length === 0) return undefined;
  if (quoted.length === 1) return `Required scope: ${quoted[0]}.`;
  return `Required scopes (all of them): ${quoted.join(', ')}.`;
}

function securityOf(route: RouteDefinition): JsonObject[] {
  switch (route.auth.kind) {
    case 'none':
      return [];
    case 'jwt':
      return [{ bearerJwt: [] }];
    case 'apiKey':
      return [{ apiKey: [] }];
  }
}

function parametersOf(schema: TSchema | undefined, location: 'path' | 'query', components: Record<string, JsonObject>) {
  if (schema === undefined) return [];
  const properties = (schema.properties ?? {}) as Record<string, TSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const parameter: JsonObject = {
      name,
      in: location,
      // A query parameter with a default may be left out: the API applies the default.
      required: location === 'path' || (required.has(name) && property.default === undefined),
      schema: toOpenApiSchema(property, components),
    };
    if (typeof property.description === 'string') parameter.description = property.description;
    return parameter;
  });
}

function responsesOf(route: RouteDefinition, components: Record<string, JsonObject>, errorRef: JsonObject) {
  const responses: Record<string, JsonObject> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    const contentType = spec.contentType ?? 'application/json';
    const schema = spec.schema === undefined ? unstructuredBody(spec) : toOpenApiSchema(spec.schema, components);
    responses[status] = { description: spec.description, content: { [contentType]: { schema } } };
  }
  for (const status of implicitErrorStatuses(route)) {
    const description = ERROR_DESCRIPTIONS[status] ?? 'Error';
    responses[String(status)] ??= { description, content: { 'application/json': { schema: errorRef } } };
  }
  return responses;
}

/** A body without a JSON schema: text (an HTML page) or, when declared binary, bytes (a PDF download). */
function unstructuredBody(spec: ResponseSpec): JsonObject {
  return spec.binary === true ? { type: 'string', format: 'binary' } : { type: 'string' };
}

/** Errors every route of a kind can answer, so no operation documents fewer than it can return. */
function implicitErrorStatuses(route: RouteDefinition): number[] {
  const statuses = [429, 500];
  if (route.params !== undefined || route.query !== undefined || route.body !== undefined) statuses.push(400);
  if (route.body !== undefined) statuses.push(413, 415);
  if (route.auth.kind !== 'none') statuses.push(401);
  if (route.auth.kind === 'apiKey') statuses.push(403);
  if (route.path.includes(':')) statuses.push(404);
  if (acceptsIdempotencyKey(route)) statuses.push(409, 422);
  return statuses.sort((a, b) => a - b);
}
