import type { RouterMiddleware } from '@koa/router';
import type { Orm } from '../../infra/db/orm';
import { authenticateApiKey, looksLikeApiKey } from '../../services/api-keys';
import { AppError } from '../../services/errors';
import { bearerToken, invalidCredentials } from './bearer-token';
import { wallClock } from '../../infra/wall-clock';

/** Data routes: an unrevoked, unexpired API key of an active tenant. A JWT here is refused by name (SPEC §5.1). */
export function apiKeyGuard(deps: { orm: Orm }): RouterMiddleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (!looksLikeApiKey(token)) {
      throw invalidCredentials('This route requires an API key (sk_live_...); JWT access tokens are for /tenants');
    }
    // A key expires in real time, whatever clock bills.
    const principal = await authenticateApiKey(deps.orm, token, wallClock.now());
    if (principal === undefined) throw invalidCredentials();
    ctx.state.auth = { kind: 'apiKey', ...principal };
    await next();
  };
}

/** 403 naming the scope when the key lacks it (SPEC §7); runs after authentication and rate limiting. */
export function scopeGuard(scope: string): RouterMiddleware {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    if (auth?.kind !== 'apiKey' || !auth.scopes.includes(scope)) {
      throw new AppError('forbidden', 'missing_scope', `Missing scope: ${scope}`);
    }
    await next();
  };
}
