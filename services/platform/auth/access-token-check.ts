import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import type { TokenClaims } from './tokens';

/**
 * The tenant must be active, and the token issued after the last credential change (a password reset): JWTs are
 * stateless, so without this an access token would outlive the reset by up to an hour. `iat` has second precision:
 * a token issued in the second of the change is accepted, so a login right after a reset works.
 */
export async function acceptsAccessToken(orm: Orm, claims: TokenClaims): Promise<boolean> {
  const row = await sqlOf(orm).one<{ is_active: boolean; changed_at_seconds: number | null }>(
    `select is_active, floor(extract(epoch from credentials_changed_at))::float8 as changed_at_seconds
         from central.tenants where id = ?`,
    [claims.sub],
  );
  if (row?.is_active !== true) return false;
  return row.changed_at_seconds === null || claims.iat >= row.changed_at_seconds;
}
