import type { ApiKeyRecord } from '../../../services/platform/api-keys';
import type { Scope } from '../../../domain/auth/scopes';
import type { ApiKeyJson } from './schema';

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

/** CONTRACT §6's listing: id, name, scopes, prefix and the timestamps; never the value or its hash. */
export function presentApiKey(record: ApiKeyRecord): ApiKeyJson {
  return {
    id: record.id,
    name: record.name,
    scopes: record.scopes as Scope[],
    prefix: record.prefix,
    createdAt: record.createdAt.toISOString(),
    lastUsedAt: iso(record.lastUsedAt),
    expiresAt: iso(record.expiresAt),
    revokedAt: iso(record.revokedAt),
  };
}
