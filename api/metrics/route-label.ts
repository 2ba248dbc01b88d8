import type { Context } from 'koa';
import { DOCS_ASSETS_PREFIX } from '../routes/reference/docs-assets';
import { METRICS_PATH } from './api-metrics';

/** Every answer no route declared (404s, probes of random paths) shares one label, so their paths cannot explode it. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The route template (`/api/customers/:id`), as @koa/router records it on the context for the route it ran (the
 * API's, the portal's and the sandbox's routers alike); the scrapes and the documentation's assets have their own.
 */
export function routeLabelOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === METRICS_PATH) return METRICS_PATH;
  if (ctx.path.startsWith(DOCS_ASSETS_PREFIX)) return `${DOCS_ASSETS_PREFIX}*`;
  return UNMATCHED_ROUTE;
}

/** Methods outside the usual set share `other`: a client may send any token. */
export function methodLabelOf(ctx: Context): string {
  return KNOWN_METHODS.has(ctx.method) ? ctx.method : 'other';
}
