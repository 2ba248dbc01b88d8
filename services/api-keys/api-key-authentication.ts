import { requireId, type TenantId } from '../../domain/ids';
import type { Orm } from '../../infra/db/orm';
import { sqlOf } from '../../infra/db/sql';
import { hashApiKey } from './api-key-secret';

/** Who an accepted API key speaks for. */
export interface ApiKeyPrincipal {
  tenantId: TenantId;
  apiKeyId: string;
  scopes: string[];
}

interface KeyRow {
  id: string;
  tenant_id: string;
  scopes: string[];
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
  last_used_at: Date | string | null;
  tenant_active: boolean;
}

// lastUsedAt is a hint, not an audit log: writing it at most once a minute spares a write on every request.
const LAST_USED_RESOLUTION_MS = 60_000;

// Raw queries may return timestamps as text; they are compared as instants.
const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The principal of an unrevoked, unexpired API key of an active tenant, or undefined for anything else (unknown,
 * revoked, expired, inactive tenant: the caller answers all of them alike). `now` is real time: a key expires on the
 * wall clock whatever clock bills.
 */
export async function authenticateApiKey(orm: Orm, key: string, now: Date): Promise<ApiKeyPrincipal | undefined> {
  const row = await findKey(orm, hashApiKey(key));
  if (row === undefined || !isUsable(row, now)) return undefined;
  const lastUsedAt = toDate(row.last_used_at);
  if (lastUsedAt === null || now.getTime() - lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await sqlOf(orm).query('update central.api_keys set last_used_at = ? where id = ?', [now, row.id]);
  }
  return { tenantId: requireId('tenant', row.tenant_id), apiKeyId: row.id, scopes: row.scopes };
}

function isUsable(row: KeyRow, now: Date): boolean {
  const expiresAt = toDate(row.expires_at);
  const expired = expiresAt !== null && expiresAt.getTime() <= now.getTime();
  return row.tenant_active && row.revoked_at === null && !expired;
}

function findKey(orm: Orm, keyHash: string): Promise<KeyRow | undefined> {
  return sqlOf(orm).one<KeyRow>(
    `select k.id, k.tenant_id, k.scopes, k.expires_at, k.revoked_at, k.last_used_at, t.is_active as tenant_active
       from central.api_keys k join central.tenants t on t.id = k.tenant_id
      where k.key_hash = ?`,
    [keyHash],
  );
}
