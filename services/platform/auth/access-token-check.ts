import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { wallClock } from '../../../infra/wall-clock';
import { hasIssuedLifetime, type TokenClaims } from './tokens';

/**
 * The token's times must be those of an access token this server issues (an expiry, at most an hour after its issue
 * time, issued no more than a minute ahead: see `hasIssuedLifetime`; the signature and expiry are checked before).
 * The tenant must be active, the token issued after the last credential change (a password reset), and its login
 * not revoked (a reused refresh token revokes every token of its login): JWTs are stateless, so without this an
 * access token would outlive either by up to an hour. `iat` has second precision: a token issued in the second of
 * the change is accepted, so a login right after a reset works.
 */
export async function acceptsAccessToken(orm: Orm, claims: TokenClaims): Promise<boolean> {
  // First, without a query: koa-jwt accepts a token without `exp`, and does not look at `iat`.
  if (!hasIssuedLifetime(claims, 'access', wallClock.now())) return false;
  const row = await sqlOf(orm).one<{ is_active: boolean; changed_at_seconds: number | null; login_revoked: boolean }>(
    `select t.is_active, floor(extract(epoch from t.credentials_changed_at))::float8 as changed_at_seconds,
            exists (select 1 from central.refresh_tokens r
                     where r.family_id = ? and r.tenant_id = t.id and r.revoked_at is not null) as login_revoked
       from central.tenants t where t.id = ?`,
    [claims.fam ?? '', claims.sub],
  );
  if (row?.is_active !== true || row.login_revoked) return false;
  return row.changed_at_seconds === null || claims.iat >= row.changed_at_seconds;
}
