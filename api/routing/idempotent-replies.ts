import type { Context } from 'koa';
import { validationFailed } from '../../services/errors';
import { requestFingerprint, type IdempotencyKeys, type IdempotentRequest } from '../../services/idempotency';
import { authOf } from '../auth/auth-context';
import { toErrorResponse } from '../http/error-status';
import { Reply, type RouteDefinition } from './route-definition';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
const MAX_KEY_LENGTH = 255;

/** Runs a route's handler (validated input, response checked) and gives its reply. */
export type ExecuteRoute = () => Promise<Reply>;

export type IdempotentReplies = (route: RouteDefinition, ctx: Context, execute: ExecuteRoute) => Promise<Reply>;

/** CONTRACT §15 covers every POST with an API key. */
export function acceptsIdempotencyKey(route: Pick<RouteDefinition, 'method' | 'auth'>): boolean {
  return route.method === 'post' && route.auth.kind === 'apiKey';
}

/**
 * `Idempotency-Key` on API-key POSTs (CONTRACT §15). Runs after authentication, scope, rate limit and validation,
 * whose refusals are never kept; the handler's response, errors and 5xx included, is kept and replayed with
 * `Idempotent-Replayed: true` for 24 h.
 */
export function idempotentReplies(keys: IdempotencyKeys): IdempotentReplies {
  return async (route, ctx, execute) => {
    const idempotencyKey = idempotencyKeyOf(ctx);
    if (idempotencyKey === undefined || !acceptsIdempotencyKey(route)) return execute();
    const auth = authOf(ctx);
    if (auth.kind !== 'apiKey') return execute();
    const body: unknown = ctx.request.body;
    const request: IdempotentRequest = {
      apiKeyId: auth.apiKeyId,
      idempotencyKey,
      fingerprint: requestFingerprint({ method: ctx.method, path: ctx.path, body }),
    };
    const claim = await keys.claim(request);
    if (claim.kind === 'refused') throw claim.error;
    if (claim.kind === 'replay') {
      ctx.set('Idempotent-Replayed', 'true');
      return new Reply(claim.response.status, claim.response.body);
    }
    return runAndKeep(keys, request, execute);
  };
}

async function runAndKeep(keys: IdempotencyKeys, request: IdempotentRequest, execute: ExecuteRoute): Promise<Reply> {
  let reply: Reply;
  try {
    reply = await execute();
  } catch (error) {
    const response = toErrorResponse(error);
    await keys.complete(request, { status: response.status, body: response.body });
    throw error;
  }
  await keys.complete(request, { status: reply.status, body: reply.body });
  return reply;
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
