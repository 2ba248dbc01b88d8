import { randomUUID } from 'node:crypto';
import { sqlOf, type Sql, type SqlTransaction } from '../../../infra/db/sql';
import type { Orm } from '../../../infra/db/orm';
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from './tokens';
import { wallClock } from '../../../infra/wall-clock';

/**
 * Refresh tokens (SPEC §5.2, CONTRACT §6). Each one is a row in `central.refresh_tokens`, keyed by its `jti`; the
 * tokens of one login share a family. A token is used once: a refresh marks it used and issues the next one in the
 * same family. Presenting a used token means it was copied, so the whole family is revoked (reuse detection).
 */
export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface TokenIssuer {
  orm: Orm;
  jwtSecret: string;
}

export type RefreshOutcome =
  { ok: true; tenantId: string; tokens: TokenPair } | { ok: false; reason: 'invalid' | 'reused' };

interface RefreshTokenRow {
  tenant_id: string;
  family_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  revoked_at: Date | string | null;
  tenant_active: boolean;
}

/** A new login: an access token and the first refresh token of a new family. Joins `transaction` when given. */
export function startSession(
  options: TokenIssuer & { tenantId: string; transaction?: SqlTransaction },
): Promise<TokenPair> {
  const { orm, jwtSecret, tenantId } = options;
  return issuePair({ orm, jwtSecret, tenantId, family: randomUUID(), transaction: options.transaction });
}

/**
 * A login's session, started only if the password hash it verified is still the tenant's and the tenant is active.
 * The check and the new token share one transaction that locks the tenant's row, as a password reset's update does:
 * a login that read the old hash before a reset committed (scrypt takes a while) then finds the new hash and is
 * refused, and one that locked first commits before the reset, whose revocation then sees its token. Without it, such
 * a login minted a refresh token that outlived the reset. `undefined`: the credentials changed, refuse the login.
 */
export async function startLoginSession(
  options: TokenIssuer & { tenantId: string; verifiedPasswordHash: string },
): Promise<TokenPair | undefined> {
  const { orm, jwtSecret, tenantId } = options;
  const sql = sqlOf(orm);
  return sql.transactional(async (transaction) => {
    const tenant = await sql.one<{ password_hash: string; is_active: boolean }>(
      'select password_hash, is_active from central.tenants where id = ? for no key update',
      [tenantId],
      transaction,
    );
    // A reset stores a freshly salted hash, so an equal hash means no reset committed since the verification.
    if (tenant === undefined || tenant.password_hash !== options.verifiedPasswordHash || !tenant.is_active) {
      return undefined;
    }
    return startSession({ orm, jwtSecret, tenantId, transaction });
  });
}

/**
 * Exchanges a refresh token for a new pair. The row is locked (`for update`) for the whole exchange, so of two
 * concurrent refreshes with the same token one wins and the other finds it used: that counts as reuse too.
 *
 * The tenant's row is locked first, for the whole exchange, as a password reset and every revocation lock it: a
 * refresh therefore runs wholly before a revocation (whose update then sees the token it minted) or wholly after it
 * (and finds its token revoked). Without it, a refresh holding its token row while a revocation waited for that row
 * committed a new token the revocation's statement could not see, and that token outlived the reset or the reuse.
 * It serialises the refreshes of one tenant, which has a single login: they are rare (one an hour per session).
 */
export async function refreshSession(issuer: TokenIssuer, refreshToken: string): Promise<RefreshOutcome> {
  const claims = verifyToken(issuer.jwtSecret, refreshToken, 'refresh');
  if (claims === undefined) return { ok: false, reason: 'invalid' };
  const sql = sqlOf(issuer.orm);
  return sql.transactional(async (transaction): Promise<RefreshOutcome> => {
    await lockTenantSessions(sql, claims.sub, transaction);
    const row = await sql.one<RefreshTokenRow>(
      `select r.tenant_id, r.family_id, r.expires_at, r.used_at, r.revoked_at, t.is_active as tenant_active
         from central.refresh_tokens r join central.tenants t on t.id = r.tenant_id
        where r.jti = ? for update of r`,
      [claims.jti],
      transaction,
    );
    if (row === undefined || row.tenant_id !== claims.sub || row.family_id !== claims.fam) {
      return { ok: false, reason: 'invalid' };
    }
    if (row.used_at !== null) {
      // Committed with the 401: the revocation must outlive the failed request.
      await sql.query(
        'update central.refresh_tokens set revoked_at = now() where family_id = ? and revoked_at is null',
        [row.family_id],
        transaction,
      );
      return { ok: false, reason: 'reused' };
    }
    const expired = new Date(row.expires_at).getTime() <= wallClock.now().getTime();
    if (row.revoked_at !== null || expired || !row.tenant_active) return { ok: false, reason: 'invalid' };
    await sql.query('update central.refresh_tokens set used_at = now() where jti = ?', [claims.jti], transaction);
    const tokens = await issuePair({ ...issuer, tenantId: row.tenant_id, family: row.family_id, transaction });
    return { ok: true, tenantId: row.tenant_id, tokens };
  });
}

/**
 * Ends every login of a tenant (after a password reset): no refresh token of any family works again. Run it in the
 * transaction that changes the credentials: the tenant lock it takes holds off refreshes until that commits.
 */
export async function revokeTenantRefreshTokens(options: {
  orm: Orm;
  tenantId: string;
  transaction: SqlTransaction;
}): Promise<void> {
  const { orm, tenantId, transaction } = options;
  const sql = sqlOf(orm);
  await lockTenantSessions(sql, tenantId, transaction);
  await sql.query(
    'update central.refresh_tokens set revoked_at = now() where tenant_id = ? and revoked_at is null',
    [tenantId],
    transaction,
  );
}

/**
 * Locks the tenant's row until the transaction ends (`for no key update`: what an update of the row takes, so a
 * password reset's update waits for it and it waits for the reset; inserts that reference the tenant are not held).
 */
async function lockTenantSessions(sql: Sql, tenantId: string, transaction: SqlTransaction): Promise<void> {
  await sql.query('select 1 from central.tenants where id = ? for no key update', [tenantId], transaction);
}

async function issuePair(options: {
  orm: Orm;
  jwtSecret: string;
  tenantId: string;
  family: string;
  transaction: SqlTransaction | undefined;
}): Promise<TokenPair> {
  const { orm, jwtSecret, tenantId, family } = options;
  const jti = randomUUID();
  const expiresAt = new Date(wallClock.now().getTime() + TOKEN_LIFETIME_SECONDS.refresh * 1000);
  await sqlOf(orm).query(
    'insert into central.refresh_tokens (jti, tenant_id, family_id, expires_at) values (?, ?, ?, ?)',
    [jti, tenantId, family, expiresAt],
    options.transaction,
  );
  return {
    // The access token names its login too, so a reuse of the login's refresh token revokes it as well.
    accessToken: signToken(jwtSecret, { typ: 'access', tenantId, jti: randomUUID(), family }),
    refreshToken: signToken(jwtSecret, { typ: 'refresh', tenantId, jti, family }),
  };
}
