import { requireId, type TenantId } from '../../../domain/ids';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { hashApiKey } from './api-key-secret';

/** Who an accepted API key speaks for. */
export interface ApiKeyPrincipal {
  tenantId: TenantId;
  apiKeyId: string;
  scopes: string[];
}

/**
 * API-key authentication with a short per-process cache (issue 15: a lookup on every request). A key revoked, or a
 * tenant deactivated, in another process (or by an operator in SQL) is refused within `ttlMs` (5 s) on every API
 * process; a key revoked through this process is refused from its next request (`forget`); an expired key is refused
 * at its expiry instant, cached or not.
 */
export interface ApiKeyAuthenticator {
  /**
   * The principal of an unrevoked, unexpired API key of an active tenant, or undefined for anything else (unknown,
   * revoked, expired, inactive tenant: the caller answers all of them alike). `now` is real time: a key expires on
   * the wall clock whatever clock bills.
   */
  authenticate: (key: string, now: Date) => Promise<ApiKeyPrincipal | undefined>;
  /** Drops a key from this process's cache: call it after revoking the key here. */
  forget: (apiKeyId: string) => void;
}

export interface ApiKeyAuthenticatorOptions {
  orm: Orm;
  /** How long an accepted key is trusted without asking the database again; 5 s by default. */
  ttlMs?: number;
  /** Keys cached at most (least recently used out first); 10,000 by default. */
  maxEntries?: number;
}

const DEFAULT_TTL_MS = 5_000;
const DEFAULT_MAX_ENTRIES = 10_000;

// lastUsedAt is a hint, not an audit log: writing it at most once a minute spares a write on every request.
const LAST_USED_RESOLUTION = `interval '60 seconds'`;

interface Entry {
  principal: ApiKeyPrincipal;
  expiresAt: number | null;
  /** When the database last accepted the key (epoch ms of `now`). */
  checkedAt: number;
}

interface KeyRow {
  id: string;
  tenant_id: string;
  scopes: string[];
  expires_at: Date | string | null;
}

// One statement per cache miss: the key if usable, and its lastUsedAt moved when it is more than a minute old. Only
// misses write, so a key in constant use is written about once a minute per process at most.
const LOOK_UP_SQL = `
  with usable as (
    select k.id, k.tenant_id, k.scopes, k.expires_at, k.last_used_at
      from central.api_keys k join central.tenants t on t.id = k.tenant_id
     where k.key_hash = ? and k.revoked_at is null and t.is_active
       and (k.expires_at is null or k.expires_at > ?::timestamptz)
  ),
  touched as (
    update central.api_keys k set last_used_at = ?::timestamptz
      from usable u
     where k.id = u.id and (u.last_used_at is null or u.last_used_at < ?::timestamptz - ${LAST_USED_RESOLUTION})
  )
  select id, tenant_id, scopes, expires_at from usable`;

export function createApiKeyAuthenticator(options: ApiKeyAuthenticatorOptions): ApiKeyAuthenticator {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  // Insertion order is recency: a hit moves its entry to the end, the first entry is the least recently used.
  const cache = new Map<string, Entry>();
  // A lookup that a `forget` overtook may have read the key before its revocation: it is answered but not cached.
  let forgets = 0;

  const cached = (keyHash: string, now: number): ApiKeyPrincipal | undefined => {
    const entry = cache.get(keyHash);
    if (entry === undefined) return undefined;
    cache.delete(keyHash);
    const fresh = now >= entry.checkedAt && now - entry.checkedAt < ttlMs;
    if (!fresh || (entry.expiresAt !== null && entry.expiresAt <= now)) return undefined;
    cache.set(keyHash, entry);
    return entry.principal;
  };

  const remember = (keyHash: string, entry: Entry): void => {
    cache.delete(keyHash);
    if (cache.size >= maxEntries) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(keyHash, entry);
  };

  return {
    async authenticate(key, now) {
      const keyHash = hashApiKey(key);
      const hit = cached(keyHash, now.getTime());
      if (hit !== undefined) return hit;
      const forgetsBefore = forgets;
      const row = await sqlOf(options.orm).one<KeyRow>(LOOK_UP_SQL, [keyHash, now, now, now]);
      if (row === undefined) return undefined;
      const principal = { tenantId: requireId('tenant', row.tenant_id), apiKeyId: row.id, scopes: row.scopes };
      const expiresAt = row.expires_at === null ? null : new Date(row.expires_at).getTime();
      if (forgets === forgetsBefore) remember(keyHash, { principal, expiresAt, checkedAt: now.getTime() });
      return principal;
    },
    forget(apiKeyId) {
      forgets += 1;
      for (const [keyHash, entry] of cache) if (entry.principal.apiKeyId === apiKeyId) cache.delete(keyHash);
    },
  };
}
