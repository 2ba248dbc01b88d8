import type { Router, RouterMiddleware } from '@koa/router';
import type { TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';
import { validationFailed } from '../../services/platform/errors';
import { findSchemaViolations, validateInput } from '../validation/validator';
import type { IdempotentReplies } from './idempotent-replies';
import { Reply, successStatusOf, type RouteDefinition } from './route-definition';

export interface MountOptions {
  /** Middleware to run before a route's handler, chosen from its declaration (authentication, scopes). */
  guardsFor?: (route: RouteDefinition) => RouterMiddleware[];
  /** Checks every response body against its declared schema; on in tests so presenters cannot drift. */
  validateResponses: boolean;
  /** Runs a route's validated handler for `Idempotency-Key` (replays a kept response instead). */
  idempotency?: IdempotentReplies;
}

/** Registers each declared route on the router: guards, input validation, the handler, the reply. */
export function mountRoutes(router: Router, routes: readonly RouteDefinition[], options: MountOptions): void {
  for (const route of routes) {
    const guards = options.guardsFor?.(route) ?? [];
    router.register(route.path, [route.method.toUpperCase()], [...guards, handle(route, options)], {
      name: route.operationId,
    });
  }
}

function handle(route: RouteDefinition, options: MountOptions): RouterMiddleware {
  const successStatus = successStatusOf(route);
  return async (ctx) => {
    if (route.body === undefined) assertNoBody(ctx.request.body);
    const input = {
      params: route.params ? validateInput(route.params, { ...ctx.params }, 'params') : {},
      query: route.query ? validateInput(route.query, { ...ctx.query }, 'query') : {},
      // No body at all is `{}` (an optional PATCH body); a JSON `null` is a body, and the schema refuses it.
      body:
        route.body === undefined
          ? undefined
          : route.unvalidatedBody === true
            ? ctx.request.body
            : validateInput(route.body, ctx.request.body === undefined ? {} : ctx.request.body, 'body'),
      ctx: ctx as Context,
    };
    const execute = async (requestKey?: string): Promise<Reply> => {
      const result: unknown = await route.handler(requestKey === undefined ? input : { ...input, requestKey });
      const reply = result instanceof Reply ? result : new Reply(successStatus, result);
      if (options.validateResponses) assertDeclaredResponse(route, reply);
      return reply;
    };
    // A replayed reply is the kept one as it was (an error body included), so it skips the response check.
    const reply = options.idempotency === undefined ? await execute() : await options.idempotency(route, ctx, execute);
    ctx.status = reply.status;
    if (reply.contentType !== undefined) ctx.type = reply.contentType;
    ctx.body = reply.body;
  };
}

/**
 * A route without a body schema takes no body; an empty object is tolerated for clients that always send one. An
 * object with properties names each of them, as an unknown property of any body is named.
 */
function assertNoBody(body: unknown): void {
  if (body === undefined) return;
  const isObject = typeof body === 'object' && body !== null && !Array.isArray(body);
  if (!isObject) throw validationFailed([{ path: 'body', message: 'this operation takes no request body' }]);
  const details = Object.keys(body).map((key) => ({
    path: `body.${key}`,
    message: 'is not an allowed property: this operation takes no request body',
  }));
  if (details.length > 0) throw validationFailed(details);
}

function assertDeclaredResponse(route: RouteDefinition, reply: Reply): void {
  const spec = route.responses[reply.status];
  if (spec === undefined) throw new Error(`${route.operationId} answered undeclared status ${reply.status}`);
  if (spec.binary === true && !Buffer.isBuffer(reply.body)) {
    throw new Error(`${route.operationId} declared a binary response but answered ${typeof reply.body}`);
  }
  const schema: TSchema | undefined = spec.schema;
  if (schema === undefined) return;
  const violations = findSchemaViolations(schema, reply.body, 'response');
  if (violations.length > 0) {
    throw new Error(`${route.operationId} response does not match its schema: ${JSON.stringify(violations)}`);
  }
}
