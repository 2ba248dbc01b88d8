import type { Router } from '@koa/router';
import type { Middleware } from 'koa';
import { HttpError } from '../http/http-error';

/**
 * 405 with `Allow` (RFC 9110 §15.5.6) for every method a path does not serve: a known method on the wrong path
 * (PUT /customers) and a method no route serves at all (TRACE, PROPFIND), on any path. An unknown path allows
 * nothing, so its `Allow` is empty. OPTIONS on a known path answers 204 with the same list.
 *
 * A path is matched as OpenAPI matches it: a concrete path wins over a templated one, so `/coupons/apply` serves only
 * what `POST /coupons/apply` declares, never `GET /coupons/{id}` with the id `apply`.
 */
export function methodNotAllowed(routers: readonly Router[]): Middleware {
  return async (ctx, next) => {
    const allowed = allowedMethodsOf(routers, ctx.path);
    if (ctx.method === 'OPTIONS') {
      if (allowed.length === 0) {
        await next();
        return;
      }
      ctx.set('Allow', allowed.join(', '));
      ctx.status = 204;
      return;
    }
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

/** The methods of the most concrete route templates matching `path` (fewest parameters). */
function allowedMethodsOf(routers: readonly Router[], path: string): string[] {
  const layers = routers
    .flatMap((router) => router.match(path, 'GET').path)
    .filter((layer) => layer.methods.length > 0);
  if (layers.length === 0) return [];
  const fewestParameters = Math.min(...layers.map((layer) => layer.paramNames.length));
  const methods = new Set<string>();
  for (const layer of layers) {
    if (layer.paramNames.length === fewestParameters) for (const method of layer.methods) methods.add(method);
  }
  return [...methods].sort();
}
