import type { RouterMiddleware } from '@koa/router';
import koaJwt from 'koa-jwt';
import type { Orm } from '../../infra/db/orm';
import { looksLikeApiKey } from '../../infra/auth/api-key-secret';
import type { TokenClaims } from '../../infra/auth/tokens';
import { bearerToken, invalidCredentials } from './bearer-token';

declare module 'koa' {
  interface DefaultState {
    jwt?: TokenClaims;
  }
}

/**
 * Tenant management routes (/tenants): a JWT access token of an active tenant. koa-jwt verifies signature and
 * expiry; a token of another type (refresh, reset) counts as revoked. An API key here is refused by name, since
 * a leaked key must not reach tenant management (SPEC §5.1).
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
      if (claims === undefined || !(await isActiveTenant(deps.orm, claims.sub))) throw invalidCredentials();
      ctx.state.auth = { kind: 'jwt', tenantId: claims.sub, tokenId: claims.jti };
      await next();
    },
  ];
}

async function isActiveTenant(orm: Orm, tenantId: string): Promise<boolean> {
  const rows = await orm.em
    .getConnection()
    .execute<{ is_active: boolean }[]>('select is_active from central.tenants where id = ?', [tenantId]);
  return rows[0]?.is_active === true;
}
