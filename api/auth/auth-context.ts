import type { Context } from 'koa';
import type { TenantId } from '../../domain/ids';
import type { Orm } from '../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../infra/db/tenant-sql';

/** Who is calling, as the guards established it. The tenant always comes from the credential, never the request. */
export type AuthContext =
  | { kind: 'jwt'; tenantId: TenantId; tokenId: string }
  | { kind: 'apiKey'; tenantId: TenantId; apiKeyId: string; scopes: readonly string[] };

declare module 'koa' {
  interface DefaultState {
    auth?: AuthContext;
  }
}

/** The caller's identity on a guarded route; a route without guards asking for it is a programming error. */
export function authOf(ctx: Context): AuthContext {
  const auth = ctx.state.auth;
  if (auth === undefined) throw new Error(`No authenticated caller on ${ctx.method} ${ctx.path}`);
  return auth;
}

/**
 * The SQL of the caller's tenant: every table it names is in that tenant's schema, which is what keeps tenants
 * apart. The tenant is the credential's, never the request's.
 */
export function callerTenantSql(ctx: Context, orm: Orm): TenantSql {
  return tenantSql(orm, authOf(ctx).tenantId);
}
