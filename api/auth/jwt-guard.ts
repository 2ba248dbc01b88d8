import type { RouterMiddleware } from '@koa/router';
import koaJwt from 'koa-jwt';
import { parseId } from '../../domain/ids';
import type { Orm } from '../../infra/db/orm';
import { looksLikeApiKey } from '../../services/platform/api-keys';
import { acceptsAccessToken, type TokenClaims } from '../../services/platform/auth';
import { bearerToken, invalidCredentials } from './bearer-token';

declare module 'koa' {
  interface DefaultState {
    jwt?: TokenClaims;
  }
}

/**
 * Tenant management routes (/tenants): a JWT access token of an active tenant. koa-jwt verifies signature and
 * expiry; a token of another type (refresh, reset) counts as revoked; `acceptsAccessToken` refuses one the server
 * never issues (no expiry, a lifetime over an hour, issued in the future) and one of a login or tenant since ended.
 * Each is the same 401. An API key here is refused by name, since a leaked key must not reach tenant management
 * (SPEC §5.1).
 */
export function jwtGuard(deps: { orm: Orm; jwtSecret: string }): RouterMiddleware[] {
  const verify = koaJwt({
    secret: deps.jwtSecret,
    algorithms: ['HS256'],
    key: 'jwt',
    isRevoked: (_ctx, decoded) => Promise.resolve((decoded as Partial<TokenClaims>).typ !== 'access'),
  });
  return [
    async (ctx, next) => {
      if (looksLikeApiKey(bearerToken(ctx))) {
        throw invalidCredentials('API keys cannot manage the tenant: use a JWT access token from /auth/login');
      }
      try {
        await verify(ctx, async () => {});
      } catch (error) {
        if ((error as { status?: number }).status === 401) throw invalidCredentials();
        throw error;
      }
      const claims = ctx.state.jwt;
      const tenantId = parseId('tenant', claims?.sub);
      if (claims === undefined || tenantId === undefined || !(await acceptsAccessToken(deps.orm, claims))) {
        throw invalidCredentials();
      }
      ctx.state.auth = { kind: 'jwt', tenantId, tokenId: claims.jti };
      await next();
    },
  ];
}
