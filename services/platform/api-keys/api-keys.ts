import type { TenantId } from '../../../domain/ids';
import { generateApiKeySecret } from './api-key-secret';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { newId } from '../../../infra/ids';

/** An API key as its tenant sees it: never the value, which exists only in the creation response. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  scopes: string[];
  /** The value's first 12 characters, to tell keys apart. */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

interface ApiKeyRow {
  id: string;
  name: string;
  scopes: unknown;
  prefix: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  expires_at: Date | string | null;
  revoked_at: Date | string | null;
}

const COLUMNS = 'id, name, scopes, prefix, created_at, last_used_at, expires_at, revoked_at';

/** Stores only the value's hash (the guard looks keys up by it); the value is returned once, here. */
export async function createApiKey(
  orm: Orm,
  key: { tenantId: TenantId; name: string; scopes: readonly string[]; expiresAt: Date | null },
): Promise<{ record: ApiKeyRecord; value: string }> {
  const secret = generateApiKeySecret();
  const row = await sqlOf(orm).oneOrFail<ApiKeyRow>(
    `insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash, expires_at)
     values (?, ?, ?, ?::jsonb, ?, ?, ?)
     returning ${COLUMNS}`,
    [newId('apiKey'), key.tenantId, key.name, JSON.stringify(key.scopes), secret.prefix, secret.hash, key.expiresAt],
  );
  return { record: toRecord(row), value: secret.value };
}

/** A page of the tenant's keys not revoked (expired ones included, so the tenant sees them lapse), newest first. */
export async function listApiKeys(
  orm: Orm,
  tenantId: TenantId,
  window: { limit: number; offset: number },
): Promise<{ records: ApiKeyRecord[]; total: number }> {
  const sql = sqlOf(orm);
  const [rows, totals] = await Promise.all([
    sql.query<ApiKeyRow>(
      `select ${COLUMNS} from central.api_keys
        where tenant_id = ? and revoked_at is null
        order by created_at desc, id desc
        limit ? offset ?`,
      [tenantId, window.limit, window.offset],
    ),
    sql.query<{ total: string }>(
      'select count(*) as total from central.api_keys where tenant_id = ? and revoked_at is null',
      [tenantId],
    ),
  ]);
  return { records: rows.map(toRecord), total: Number(totals[0]?.total ?? 0) };
}

/**
 * Revokes one of the tenant's keys; undefined when the id is unknown, another tenant's, or already revoked (a revoked
 * key is gone for its tenant too: it is no longer listed). Effective on the key's next request.
 */
export async function revokeApiKey(orm: Orm, tenantId: TenantId, keyId: string): Promise<ApiKeyRecord | undefined> {
  const row = await sqlOf(orm).one<ApiKeyRow>(
    `update central.api_keys set revoked_at = now()
      where id = ? and tenant_id = ? and revoked_at is null
      returning ${COLUMNS}`,
    [keyId, tenantId],
  );
  return row === undefined ? undefined : toRecord(row);
}

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  const scopes = typeof row.scopes === 'string' ? (JSON.parse(row.scopes) as unknown) : row.scopes;
  return {
    id: row.id,
    name: row.name,
    scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    prefix: row.prefix,
    createdAt: new Date(row.created_at),
    lastUsedAt: toDate(row.last_used_at),
    expiresAt: toDate(row.expires_at),
    revokedAt: toDate(row.revoked_at),
  };
}
