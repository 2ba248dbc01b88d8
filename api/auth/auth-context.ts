import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import type { TenantId } from '../../domain/ids';
import type { Orm } from '../../infra/db/orm';
import { tenantSchemaName } from '../../infra/db/tenant-schema';

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
 * An EntityManager bound to the caller's tenant schema: every query of a tenant-owned entity (`schema: '*'`) runs
 * in that schema only, which is what keeps tenants apart. Fresh per request (forks share no identity map).
 */
export function tenantEntityManager(ctx: Context, orm: Orm): EntityManager {
  return orm.em.fork({ schema: tenantSchemaName(authOf(ctx).tenantId) });
}
