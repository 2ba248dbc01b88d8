import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error';

/**
 * 405 with `Allow` (RFC 9110 §15.5.6) for every method a path does not serve: a known method on the wrong path
 * (PUT /customers) and a method no route serves at all (TRACE, PROPFIND), on any path. An unknown path allows
 * nothing, so its `Allow` is empty. OPTIONS is left to the routers, which answer it with the same list.
 */
export function methodNotAllowed(routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    if (ctx.method === 'OPTIONS') {
      await next();
      return;
    }
    const allowed = allowedMethodsOf(routers, ctx.path);
    if (allowed.includes(ctx.method) || (allowed.length === 0 && SERVED_METHODS.has(ctx.method))) {
      // An unknown path with a method the API serves stays a 404 route_not_found.
      await next();
      return;
    }
    throw new HttpError('invalid', 'method_not_allowed', `Method ${ctx.method} is not allowed on ${ctx.path}`, {
      headers: { Allow: allowed.join(', ') },
    });
  };
}

/** What the routers register (@koa/router's defaults); any other method is served by no route. */
const SERVED_METHODS: ReadonlySet<string> = new Set(['HEAD', 'OPTIONS', 'GET', 'PUT', 'PATCH', 'POST', 'DELETE']);

function allowedMethodsOf(routers: readonly Router[], path: string): string[] {
  const methods = new Set<string>();
  for (const router of routers) {
    for (const layer of router.match(path, 'GET').path) for (const method of layer.methods) methods.add(method);
  }
  return [...methods].sort();
}
