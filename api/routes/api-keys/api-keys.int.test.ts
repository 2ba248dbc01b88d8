import { Router } from '@koa/router';
import { Type } from '@sinclair/typebox';
import Koa from 'koa';
import { hashApiKey } from '../../../services/platform/api-keys';
import { apiClient, type Json } from '../../../test/harness/api-client';
import type { TestApi } from '../../../test/harness/api-harness';
import { memoryLogger, serve, type RunningServer } from '../../../test/harness/http-server';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { authOf } from '../../auth/auth-context';
import { guardsFor } from '../../auth/guards';
import { errorHandler } from '../../middleware/error-handler';
import { mountRoutes } from '../../routing/mount-routes';
import { defineRoute } from '../../routing/route-definition';

/** No data route exists yet: a stand-in behind the real API key guard, to use the keys this API hands out. */
async function serveDataRoute(api: TestApi): Promise<RunningServer> {
  const app = new Koa();
  app.silent = true;
  const router = new Router();
  const route = defineRoute({
    method: 'get',
    path: '/customers',
    operationId: 'listCustomersStandIn',
    summary: 'stand-in data route',
    tags: ['Test'],
    auth: { kind: 'apiKey', scope: 'customers:read' },
    responses: { 200: { description: 'caller', schema: Type.Object({ tenantId: Type.String() }) } },
    handler: ({ ctx }) => ({ tenantId: authOf(ctx).tenantId }),
  });
  // The API's own key cache: this stand-in is a route of the same process, so a revocation there evicts here.
  const guards = guardsFor({
    orm: api.orm,
    jwtSecret: api.config.jwtSecret,
    apiKeyAuthenticator: api.requestPath.apiKeyAuthenticator,
    rateLimitFor: () => [],
  });
  mountRoutes(router, [route], { validateResponses: true, guardsFor: guards });
  app.use(errorHandler(memoryLogger().logger));
  app.use(router.routes());
  return serve(app);
}

describe('API keys (/tenants/me/api-keys)', () => {
  const { api, tenant } = setUpResourceTest();
  let dataRoute: RunningServer;

  beforeAll(async () => {
    dataRoute = await serveDataRoute(api);
  });
  afterAll(() => dataRoute.close());

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.accessToken }));
  const create = (body: unknown) => call('POST', '/tenants/me/api-keys', { body });
  const useKey = async (key: string) =>
    (await fetch(`${dataRoute.url}/customers`, { headers: { Authorization: `Bearer ${key}` } })).status;
  const keyRow = async (id: string) => {
    const rows = await api.orm.em.getConnection().execute<Json[]>('select * from central.api_keys where id = ?', [id]);
    return rows[0]!;
  };

  it('creates a key, shows its value once and stores only its hash', async () => {
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const { status, body } = await create({ name: 'CI', scopes: ['customers:read', 'plans:write'], expiresAt });
    expect(status).toBe(201);
    const key = body.key as string;
    expect(body).toEqual({
      id: expect.stringMatching(/^key_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      name: 'CI',
      scopes: ['customers:read', 'plans:write'],
      prefix: key.slice(0, 12),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      lastUsedAt: null,
      expiresAt,
      revokedAt: null,
      key: expect.stringMatching(/^sk_live_[A-Za-z0-9_-]{43}$/) as unknown,
    });
    const row = await keyRow(body.id as string);
    expect(row.key_hash).toBe(hashApiKey(key));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(await useKey(key)).toBe(200);
  });

  it('creates a key that never expires from expiresAt null, as from no expiresAt', async () => {
    for (const body of [
      { name: 'forever', scopes: ['customers:read'], expiresAt: null },
      { name: 'forever too', scopes: ['customers:read'] },
    ]) {
      const created = await create(body);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: body.name, expiresAt: null });
      expect((await keyRow(created.body.id as string)).expires_at).toBeNull();
      expect(await useKey(created.body.key as string)).toBe(200);
    }
  });

  it('lists keys not revoked, newest first, without their values', async () => {
    const first = await create({ name: 'first', scopes: ['customers:read'] });
    const second = await create({ name: 'second', scopes: ['invoices:read'] });
    await useKey(first.body.key as string);
    const { status, body } = await call('GET', '/tenants/me/api-keys');
    expect(status).toBe(200);
    expect(body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
    const data = body.data as Json[];
    expect(data.map((key) => key.id)).toEqual([second.body.id, first.body.id, tenant.apiKeyId]);
    expect(data.every((key) => !('key' in key))).toBe(true);
    const text = JSON.stringify(body);
    for (const value of [first.body.key, second.body.key, tenant.apiKey]) expect(text).not.toContain(value);
    expect(data[1]?.lastUsedAt).toEqual(expect.any(String));
    const page = await call('GET', '/tenants/me/api-keys?page=2&limit=2');
    expect(page.body).toMatchObject({ data: [{ id: tenant.apiKeyId }], meta: { total: 3, page: 2, totalPages: 2 } });
  });

  it('revokes a key: refused on its next request, gone from the list, 404 when revoked again', async () => {
    const created = await create({ name: 'temporary', scopes: ['customers:read'] });
    const id = created.body.id as string;
    expect(await useKey(created.body.key as string)).toBe(200);
    const revoked = await call('DELETE', `/tenants/me/api-keys/${id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ id, name: 'temporary', revokedAt: expect.any(String) as unknown });
    expect(revoked.body).not.toHaveProperty('key');
    expect(await useKey(created.body.key as string)).toBe(401);
    const listed = await call('GET', '/tenants/me/api-keys');
    expect((listed.body.data as Json[]).map((key) => key.id)).not.toContain(id);
    const again = await call('DELETE', `/tenants/me/api-keys/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: 'api_key_not_found' });
  });

  it('answers 404 for an unknown id, a malformed id and another tenant’s key', async () => {
    const other = await createTenantFixture(api.orm, api.config);
    for (const id of ['key_01JD0000000000000000000000', 'nope', other.apiKeyId]) {
      const { status, body } = await call('DELETE', `/tenants/me/api-keys/${id}`);
      expect(status).toBe(404);
      expect(body.error).toBe('api_key_not_found');
    }
    expect(await useKey(other.apiKey)).toBe(200);
  });

  it('refuses a key once it has expired', async () => {
    const { body } = await create({
      name: 'short-lived',
      scopes: ['customers:read'],
      expiresAt: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(await useKey(body.key as string)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await useKey(body.key as string)).toBe(401);
    const listed = await call('GET', '/tenants/me/api-keys');
    expect((listed.body.data as Json[]).map((key) => key.id)).toContain(body.id);
  });

  it.each([
    [{ name: 'x', scopes: ['customers:read', 'customers:delete'] }, 'body.scopes.1'],
    [{ name: 'x', scopes: ['everything'] }, 'body.scopes.0'],
    [{ name: 'x', scopes: [] }, 'body.scopes'],
    [{ name: 'x', scopes: ['plans:read', 'plans:read'] }, 'body.scopes'],
    [{ name: 'x' }, 'body.scopes'],
    [{ name: '', scopes: ['plans:read'] }, 'body.name'],
    [{ name: '   ', scopes: ['plans:read'] }, 'body.name'],
    [{ name: 'x'.repeat(101), scopes: ['plans:read'] }, 'body.name'],
    [{ name: 'x', scopes: ['plans:read'], expiresAt: '2020-01-01T00:00:00Z' }, 'body.expiresAt'],
    [{ name: 'x', scopes: ['plans:read'], expiresAt: 'tomorrow' }, 'body.expiresAt'],
    [{ name: 'x', scopes: ['plans:read'], expiresAt: 0 }, 'body.expiresAt'],
    [{ name: 'x', scopes: ['plans:read'], tenantId: 'ten_01JD0000000000000000000000' }, 'body.tenantId'],
  ])('refuses %j naming %s', async (body, path) => {
    const { status, body: error } = await create(body);
    expect(status).toBe(400);
    expect((error.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
  });

  it('is managed with the owner’s JWT only, never with an API key', async () => {
    expect((await call('GET', '/tenants/me/api-keys', { token: tenant.apiKey })).status).toBe(401);
    const created = await call('POST', '/tenants/me/api-keys', {
      token: tenant.apiKey,
      body: { name: 'escalate', scopes: ['customers:write'] },
    });
    expect(created.status).toBe(401);
    expect((await fetch(`${api.url}/api/tenants/me/api-keys`)).status).toBe(401);
  });
});
