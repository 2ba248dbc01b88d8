import type { RouterContext } from '@koa/router';
import type { Context } from 'koa';
import type { Logger } from '../../infra/logger';
import { validationFailed } from '../../services/platform/errors';
import {
  requestFingerprint,
  type IdempotencyKeys,
  type IdempotentRequest,
  type KeyLease,
  type StoredResponse,
} from '../../services/platform/idempotency';
import { authOf } from '../auth/auth-context';
import { toErrorResponse } from '../http/error-status';
import { Reply, type RouteDefinition } from './route-definition';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const MAX_KEY_LENGTH = 255;

/**
 * Runs a route's handler (validated input, response checked) and gives its reply. `requestKey` reaches the handler
 * as `HandlerInput.requestKey` when the request runs under an `Idempotency-Key`.
 */
export type ExecuteRoute = (requestKey?: string) => Promise<Reply>;

export type IdempotentReplies = (route: RouteDefinition, ctx: RouterContext, execute: ExecuteRoute) => Promise<Reply>;

/** CONTRACT §15 covers every POST with an API key. */
export function acceptsIdempotencyKey(route: Pick<RouteDefinition, 'method' | 'auth'>): boolean {
  return route.method === 'post' && route.auth.kind === 'apiKey';
}

/**
 * `Idempotency-Key` on API-key POSTs (CONTRACT §15). Runs after authentication, scope, rate limit and validation,
 * whose refusals are never kept; the handler's response, errors and 5xx included, is kept and replayed with
 * `Idempotent-Replayed: true` for 24 h. The key is held by a lease while the handler runs (see `IdempotencyKeys`).
 */
export function idempotentReplies(keys: IdempotencyKeys, logger: Logger): IdempotentReplies {
  return async (route, ctx, execute) => {
    // The header means nothing on other routes: neither read nor refused there.
    if (!acceptsIdempotencyKey(route)) return execute();
    const idempotencyKey = idempotencyKeyOf(ctx);
    if (idempotencyKey === undefined) return execute();
    const auth = authOf(ctx);
    if (auth.kind !== 'apiKey') return execute();
    const body: unknown = ctx.request.body;
    const request: IdempotentRequest = {
      apiKeyId: auth.apiKeyId,
      idempotencyKey,
      fingerprint: requestFingerprint({ method: ctx.method, path: matchedRoutePath(ctx), body }),
    };
    const claim = await keys.claim(request);
    if (claim.kind === 'refused') throw claim.error;
    if (claim.kind === 'replay') {
      ctx.set('Idempotent-Replayed', 'true');
      return new Reply(claim.response.status, claim.response.body);
    }
    return runUnderLease(claim.lease, execute, (message, error) => {
      logger.warn({ err: error, requestId: ctx.state.requestId }, message);
    });
  };
}

/** A path parameter in a route's path, read as the OpenAPI document reads it (`/invoices/:id`). */
const ROUTE_PARAMETER = /:([A-Za-z0-9_]+)/g;

/**
 * The request's path as the route it matched spells it, for the fingerprint. The router matches a route's fixed
 * segments in any case and with or without a trailing slash, so `/api/INVOICES/` is `/api/invoices`: those come from
 * the route. A path parameter is a value, handed to the handler decoded and in the case it was sent (another id, or
 * one in another case, is another request): it is encoded again, so `inv%5F1` and `inv_1` are one. A path already
 * spelled that way comes out unchanged.
 */
export function matchedRoutePath(ctx: Pick<RouterContext, 'routerPath' | 'params'>): string {
  const route = ctx.routerPath;
  if (route === undefined) throw new Error('an idempotent request runs in the route it matched');
  return route.replace(ROUTE_PARAMETER, (_parameter, name: string) => {
    const value = ctx.params[name];
    if (value === undefined) throw new Error(`${route} matched without its parameter ${name}`);
    return encodeURIComponent(value);
  });
}

type Warn = (message: string, error?: unknown) => void;

/**
 * Runs the handler and keeps its response, whichever way it ends; the lease's renewal ends with it. A validation
 * refusal the handler itself makes (any 400: rules that need the tenant's data, such as an event's metric code, and
 * refusals with codes of their own, such as a start date in the future) or a 429 it answers is not kept, as the
 * schema's are not: the key is forgotten, so the corrected or later request, whatever its body, runs under it.
 */
async function runUnderLease(lease: KeyLease, execute: ExecuteRoute, warn: Warn): Promise<Reply> {
  let response: StoredResponse | undefined;
  try {
    const reply = await execute(lease.requestKey);
    response = await keptUnlessRefused(lease, { status: reply.status, body: reply.body }, warn);
    return reply;
  } catch (error) {
    response = await keptUnlessRefused(lease, toErrorResponse(error), warn);
    throw error;
  } finally {
    if (response !== undefined) await keepResponse(lease, response, warn);
  }
}

/** The response to keep; undefined, with the key forgotten, for a validation refusal or a limit. */
async function keptUnlessRefused(
  lease: KeyLease,
  response: StoredResponse,
  warn: Warn,
): Promise<StoredResponse | undefined> {
  if (!isRefusalNeverKept(response.status)) return response;
  await lease.discard().catch((failure: unknown) => {
    warn('idempotency key not forgotten after a refusal that is never kept', failure);
  });
  return undefined;
}

/**
 * Every 400 is a validation refusal (the error table), and a 429 a limit that will lift (a tenant's daily mail quota):
 * nothing was done, and a repeat later may succeed, so neither is kept.
 */
function isRefusalNeverKept(status: number): boolean {
  return status === 400 || status === 429;
}

/**
 * Keeps the handler's response under the key. When that fails the handler's own answer still goes to the client (it
 * happened; a 500 instead would invite a retry under a new key), and the lease is released at once so a repeat
 * under this key runs again rather than waiting for the lease or getting 409 for 24 h.
 */
async function keepResponse(lease: KeyLease, response: StoredResponse | undefined, warn: Warn): Promise<void> {
  try {
    if (response === undefined) throw new Error('the handler ended without a response to keep');
    const kept = await lease.complete(response);
    if (!kept) warn('idempotent response not kept: a repeat took the key over while this request ran');
  } catch (error) {
    warn('idempotent response not kept; key released for a repeat', error);
    await lease.release().catch(() => undefined);
  }
}

function idempotencyKeyOf(ctx: Context): string | undefined {
  const header = ctx.request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.length === 0 || value.length > MAX_KEY_LENGTH) {
    throw validationFailed([{ path: 'headers.idempotency-key', message: `must be 1 to ${MAX_KEY_LENGTH} characters` }]);
  }
  return value;
}
