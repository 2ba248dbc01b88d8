import type { Static, TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * Who may call a route. Data routes name the API-key scope they need (SPEC §5.3, CONTRACT §6), or every scope when
 * they return records of several resources (a customer's invoices: `['customers:read', 'invoices:read']`); the
 * declaration sits next to the route so the OpenAPI document and the authorisation agree.
 */
export type AuthRequirement =
  { kind: 'none' } | { kind: 'jwt' } | { kind: 'apiKey'; scope: string | readonly [string, ...string[]] };

/** The scopes an API-key route requires, all of them; none for other routes. */
export function requiredScopesOf(auth: AuthRequirement): readonly string[] {
  if (auth.kind !== 'apiKey') return [];
  return typeof auth.scope === 'string' ? [auth.scope] : auth.scope;
}

export interface ResponseSpec {
  description: string;
  schema?: TSchema;
  /** Defaults to application/json. */
  contentType?: string;
  /** The body is bytes (a Buffer, e.g. a PDF): documented as `format: binary`, checked to be a Buffer in tests. */
  binary?: boolean;
}

export interface HandlerInput<P extends TSchema, Q extends TSchema, B extends TSchema> {
  params: Static<P>;
  query: Static<Q>;
  body: Static<B>;
  ctx: Context;
  /**
   * Present when the request runs under an `Idempotency-Key`: the same for every run of that request (a repeat
   * that takes the key over after the first run's process died included), different for any other request. A
   * handler whose effect must never happen twice stores it with what it creates and, finding it stored, continues
   * that instead of starting again.
   */
  requestKey?: string;
}

/** A handler's answer when it is not the route's declared success status with a JSON body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly contentType?: string,
  ) {}
}

export interface RouteDefinition<
  P extends TSchema = TSchema,
  Q extends TSchema = TSchema,
  B extends TSchema = TSchema,
> {
  method: HttpMethod;
  /** Koa path relative to the router's mount point (`/customers/:id`). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: AuthRequirement;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * The body is handed to the handler as sent, not validated against `body` (which then only documents it):
   * inbound provider notifications, whose bytes are checked by their signature and read by their gateway.
   */
  unvalidatedBody?: true;
  /** Declared responses by status; the first 2xx is the success status of a plain return value. */
  responses: Readonly<Record<number, ResponseSpec>>;
  // Method syntax on purpose: a route with specific schemas must fit a list of `RouteDefinition`s.
  handler(input: HandlerInput<P, Q, B>): unknown;
}

/** Identity function that lets TypeScript infer the handler's input types from the schemas. */
export function defineRoute<P extends TSchema, Q extends TSchema, B extends TSchema>(
  route: RouteDefinition<P, Q, B>,
): RouteDefinition<P, Q, B> {
  return route;
}

export function successStatusOf(route: Pick<RouteDefinition, 'responses'>): number {
  const status = Object.keys(route.responses)
    .map(Number)
    .find((code) => code >= 200 && code < 300);
  if (status === undefined) throw new Error('a route must declare a 2xx response');
  return status;
}
