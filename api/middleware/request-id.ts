import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'koa' {
  interface DefaultState {
    requestId: string;
  }
}

/** Echoes a well-formed client `X-Request-Id` (CONTRACT §2) or makes one; every response carries it. */
export function requestId(): Middleware {
  return async (ctx, next) => {
    const offered = ctx.get('X-Request-Id');
    const id = CLIENT_REQUEST_ID.test(offered) ? offered : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    await next();
  };
}
