import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../../infra/crypto/password';
import { sqlOf } from '../../../infra/db/sql';
import { revokeTenantRefreshTokens, type TokenIssuer } from './refresh-tokens';
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken } from './tokens';
import { wallClock } from '../../../infra/wall-clock';

/**
 * Password reset tokens (CONTRACT §6): JWTs of type `reset`, one hour, single use. Each is a row in
 * `central.password_resets` keyed by its `jti`, so using it once is recorded and a second use is refused.
 */
export async function issuePasswordReset(options: TokenIssuer & { tenantId: string }): Promise<string> {
  const { orm, jwtSecret, tenantId } = options;
  const jti = randomUUID();
  const expiresAt = new Date(wallClock.now().getTime() + TOKEN_LIFETIME_SECONDS.reset * 1000);
  await sqlOf(orm).query('insert into central.password_resets (jti, tenant_id, expires_at) values (?, ?, ?)', [
    jti,
    tenantId,
    expiresAt,
  ]);
  return signToken(jwtSecret, { typ: 'reset', tenantId, jti });
}

export type PasswordResetOutcome = { ok: true; tenantId: string } | { ok: false };

interface PasswordResetRow {
  tenant_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  tenant_active: boolean;
}

/**
 * Sets a new password with a reset token, in one transaction: the password, the token marked used (and every other
 * outstanding reset link of the tenant with it), and every refresh token of the tenant revoked, so whoever knew
 * the old password is logged out everywhere.
 */
export async function resetPassword(
  options: TokenIssuer & { token: string; newPassword: string },
): Promise<PasswordResetOutcome> {
  const { orm } = options;
  const claims = verifyToken(options.jwtSecret, options.token, 'reset');
  if (claims === undefined) return { ok: false };
  // Hashed before the transaction: scrypt takes a while, and the row lock should not wait for it.
  const passwordHash = await hashPassword(options.newPassword);
  const sql = sqlOf(orm);
  return sql.transactional(async (transaction): Promise<PasswordResetOutcome> => {
    const row = await sql.one<PasswordResetRow>(
      `select r.tenant_id, r.expires_at, r.used_at, t.is_active as tenant_active
         from central.password_resets r join central.tenants t on t.id = r.tenant_id
        where r.jti = ? for update of r`,
      [claims.jti],
      transaction,
    );
    if (row === undefined || row.tenant_id !== claims.sub || row.used_at !== null || !row.tenant_active) {
      return { ok: false };
    }
    if (new Date(row.expires_at).getTime() <= wallClock.now().getTime()) return { ok: false };
    const tenantId = row.tenant_id;
    await sql.query(
      // Access tokens issued before now stop working too (jwtGuard compares their iat).
      'update central.tenants set password_hash = ?, credentials_changed_at = now(), updated_at = now() where id = ?',
      [passwordHash, tenantId],
      transaction,
    );
    await sql.query(
      'update central.password_resets set used_at = now() where tenant_id = ? and used_at is null',
      [tenantId],
      transaction,
    );
    await revokeTenantRefreshTokens({ orm, tenantId, transaction });
    return { ok: true, tenantId };
  });
}
