import type { RouterMiddleware } from '@koa/router';
import { looksLikeApiKey, type ApiKeyAuthenticator } from '../../services/platform/api-keys';
import { AppError } from '../../services/platform/errors';
import { bearerToken, invalidCredentials } from './bearer-token';
import { wallClock } from '../../infra/wall-clock';

/** Data routes: an unrevoked, unexpired API key of an active tenant. A JWT here is refused by name (SPEC §5.1). */
export function apiKeyGuard(deps: { apiKeyAuthenticator: ApiKeyAuthenticator }): RouterMiddleware {
  return async (ctx, next) => {
    const token = bearerToken(ctx);
    if (!looksLikeApiKey(token)) {
      throw invalidCredentials('This route requires an API key (sk_live_...); JWT access tokens are for /tenants');
    }
    // A key expires in real time, whatever clock bills.
    const principal = await deps.apiKeyAuthenticator.authenticate(token, wallClock.now());
    if (principal === undefined) throw invalidCredentials();
    ctx.state.auth = { kind: 'apiKey', ...principal };
    await next();
  };
}

/**
 * 403 naming the scopes the key lacks (SPEC §7) when it does not hold every one the route requires; runs after
 * authentication and rate limiting.
 */
export function scopeGuard(required: readonly string[]): RouterMiddleware {
  return async (ctx, next) => {
    const auth = ctx.state.auth;
    const granted: readonly string[] = auth?.kind === 'apiKey' ? auth.scopes : [];
    const missing = required.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) {
      const label = missing.length === 1 ? 'Missing scope' : 'Missing scopes';
      throw new AppError('forbidden', 'missing_scope', `${label}: ${missing.join(', ')}`);
    }
    await next();
  };
}
