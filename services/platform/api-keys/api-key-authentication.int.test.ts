import type { Orm } from '../../../infra/db/orm';
import { createTestOrm } from '../../../test/harness/database';
import { testConfig } from '../../../test/harness/http-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createApiKeyAuthenticator, type ApiKeyAuthenticatorOptions } from './api-key-authentication';
import { createApiKey, revokeApiKey } from './api-keys';

const TTL_MS = 1_000;

describe('API-key authentication with a short cache', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let now: Date;
  const later = (ms: number) => new Date(now.getTime() + ms);
  const authenticatorOn = (options: Partial<ApiKeyAuthenticatorOptions> = {}) =>
    createApiKeyAuthenticator({ orm, ttlMs: TTL_MS, ...options });
  const connection = () => orm.em.getConnection();
  const lastUsedAt = async (id: string) => {
    const rows = await connection().execute<{ last_used_at: Date | string | null }[]>(
      'select last_used_at from central.api_keys where id = ?',
      [id],
    );
    const value = rows[0]?.last_used_at ?? null;
    return value === null ? null : new Date(value).getTime();
  };

  beforeAll(async () => {
    orm = await createTestOrm();
  });
  afterAll(() => orm.close());
  beforeEach(async () => {
    tenant = await createTenantFixture(orm, testConfig(), { scopes: ['customers:read'] });
    now = new Date();
  });

  it('asks the database once per TTL for a key in use', async () => {
    const keys = authenticatorOn();
    const execute = jest.spyOn(connection(), 'execute');
    try {
      for (const ms of [0, 10, TTL_MS - 1]) {
        expect(await keys.authenticate(tenant.apiKey, later(ms))).toEqual({
          tenantId: tenant.tenantId,
          apiKeyId: tenant.apiKeyId,
          scopes: ['customers:read'],
        });
      }
      expect(execute).toHaveBeenCalledTimes(1);
      await keys.authenticate(tenant.apiKey, later(TTL_MS));
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      execute.mockRestore();
    }
  });

  it('refuses a key revoked by another process within the TTL, and at once when revoked through this one', async () => {
    const [here, elsewhere] = [authenticatorOn(), authenticatorOn()];
    expect(await here.authenticate(tenant.apiKey, now)).toBeDefined();
    expect(await elsewhere.authenticate(tenant.apiKey, now)).toBeDefined();
    await revokeApiKey(orm, tenant.tenantId, tenant.apiKeyId);
    here.forget(tenant.apiKeyId);

    expect(await here.authenticate(tenant.apiKey, later(1))).toBeUndefined();
    // The staleness the cache allows: still accepted elsewhere until its entry is TTL old, never after.
    expect(await elsewhere.authenticate(tenant.apiKey, later(TTL_MS - 1))).toBeDefined();
    expect(await elsewhere.authenticate(tenant.apiKey, later(TTL_MS))).toBeUndefined();
  });

  it('refuses every key of a tenant deactivated meanwhile within the TTL', async () => {
    const keys = authenticatorOn();
    expect(await keys.authenticate(tenant.apiKey, now)).toBeDefined();
    await connection().execute('update central.tenants set is_active = false where id = ?', [tenant.tenantId], 'run');
    expect(await keys.authenticate(tenant.apiKey, later(TTL_MS))).toBeUndefined();
  });

  it('refuses a cached key at its expiry instant, without waiting for the TTL', async () => {
    const expiresAt = new Date(now.getTime() + 100);
    const created = await createApiKey(orm, { tenantId: tenant.tenantId, name: 'short', scopes: [], expiresAt });
    const keys = authenticatorOn();
    expect(await keys.authenticate(created.value, now)).toBeDefined();
    expect(await keys.authenticate(created.value, later(99))).toBeDefined();
    expect(await keys.authenticate(created.value, later(100))).toBeUndefined();
  });

  it('holds at most maxEntries keys, dropping the least recently used', async () => {
    const second = await createApiKey(orm, { tenantId: tenant.tenantId, name: 'second', scopes: [], expiresAt: null });
    const keys = authenticatorOn({ maxEntries: 1 });
    expect(await keys.authenticate(tenant.apiKey, now)).toBeDefined();
    expect(await keys.authenticate(second.value, now)).toBeDefined();
    await revokeApiKey(orm, tenant.tenantId, tenant.apiKeyId);
    // No longer cached, so asked again at once.
    expect(await keys.authenticate(tenant.apiKey, later(1))).toBeUndefined();
  });

  it('refuses unknown keys and caches none of them', async () => {
    const keys = authenticatorOn();
    const execute = jest.spyOn(connection(), 'execute');
    try {
      const unknown = `sk_live_${'x'.repeat(43)}`;
      expect(await keys.authenticate(unknown, now)).toBeUndefined();
      expect(await keys.authenticate(unknown, now)).toBeUndefined();
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      execute.mockRestore();
    }
  });

  it('moves lastUsedAt at most once a minute, in the statement of a cache miss', async () => {
    const keys = authenticatorOn();
    await keys.authenticate(tenant.apiKey, now);
    const first = await lastUsedAt(tenant.apiKeyId);
    expect(first).toBe(now.getTime());
    await keys.authenticate(tenant.apiKey, later(30_000));
    expect(await lastUsedAt(tenant.apiKeyId)).toBe(first);
    await keys.authenticate(tenant.apiKey, later(61_000));
    expect(await lastUsedAt(tenant.apiKeyId)).toBe(now.getTime() + 61_000);
  });
});
