import { Type } from '@sinclair/typebox';
import jwt from 'jsonwebtoken';
import Koa from 'koa';
import { Router } from '@koa/router';
import { createApiKeyAuthenticator } from '../../services/platform/api-keys';
import { signToken } from '../../services/platform/auth';
import { createOrm, type Orm } from '../../infra/db/orm';
import { newId } from '../../infra/ids';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { memoryLogger, serve, testConfig, type RunningServer } from '../../test/harness/http-server';
import { errorHandler } from '../middleware/error-handler';
import { mountRoutes } from '../routing/mount-routes';
import { defineRoute, type RouteDefinition } from '../routing/route-definition';
import { authOf } from './auth-context';
import { guardsFor } from './guards';

const Who = Type.Object({ tenantId: Type.String(), kind: Type.String() });
const whoAmI = (path: string, auth: RouteDefinition['auth']): RouteDefinition =>
  defineRoute({
    method: 'get',
    path,
    operationId: path,
    summary: 'who am I',
    tags: ['Test'],
    auth,
    responses: { 200: { description: 'caller', schema: Who } },
    handler: ({ ctx }) => ({ tenantId: authOf(ctx).tenantId, kind: authOf(ctx).kind }),
  });

/** A short API-key cache, so a revocation elsewhere is seen within the test (5 s in production). */
const KEY_CACHE_TTL_MS = 300;

describe('authentication and authorisation guards', () => {
  const config = testConfig();
  let orm: Orm;
  let server: RunningServer;
  let tenant: TenantFixture;

  beforeAll(async () => {
    orm = await createOrm(config, { poolMax: 2 });
    tenant = await createTenantFixture(orm, config, { scopes: ['customers:read'] });
    const app = new Koa();
    app.silent = true;
    const router = new Router();
    mountRoutes(
      router,
      [
        whoAmI('/tenants/me', { kind: 'jwt' }),
        whoAmI('/customers', { kind: 'apiKey', scope: 'customers:read' }),
        whoAmI('/plans', { kind: 'apiKey', scope: 'plans:read' }),
      ],
      {
        validateResponses: true,
        guardsFor: guardsFor({
          orm,
          jwtSecret: config.jwtSecret,
          apiKeyAuthenticator: createApiKeyAuthenticator({ orm, ttlMs: KEY_CACHE_TTL_MS }),
          rateLimitFor: () => [],
        }),
      },
    );
    app.use(errorHandler(memoryLogger().logger));
    app.use(router.routes());
    server = await serve(app);
  });
  afterAll(async () => {
    await server.close();
    await orm.close();
  });

  const get = (path: string, token?: string) =>
    fetch(`${server.url}${path}`, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

  it('lets an access token manage its own tenant', async () => {
    const response = await get('/tenants/me', tenant.accessToken);
    expect(await response.json()).toEqual({ tenantId: tenant.tenantId, kind: 'jwt' });
  });

  it('lets an API key with the scope reach a data route', async () => {
    const response = await get('/customers', tenant.apiKey);
    expect(await response.json()).toEqual({ tenantId: tenant.tenantId, kind: 'apiKey' });
  });

  it('answers 403 naming the missing scope', async () => {
    const response = await get('/plans', tenant.apiKey);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      statusCode: 403,
      error: 'missing_scope',
      message: 'Missing scope: plans:read',
    });
  });

  it('refuses a JWT on a data route, saying an API key is required', async () => {
    const response = await get('/customers', tenant.accessToken);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/requires an API key/);
  });

  it('refuses an API key on /tenants', async () => {
    const response = await get('/tenants/me', tenant.apiKey);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/API keys cannot manage the tenant/);
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'not-a-token'],
    ['unknown key', 'sk_live_unknownunknownunknownunknownunknown'],
  ])('answers 401 for %s', async (_case, token) => {
    const response = await get('/customers', token);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses refresh and reset tokens where an access token is expected', async () => {
    for (const typ of ['refresh', 'reset'] as const) {
      const token = signToken(config.jwtSecret, { typ, tenantId: tenant.tenantId, jti: newId('apiKey'), family: 'f' });
      expect((await get('/tenants/me', token)).status).toBe(401);
    }
  });

  it('refuses access tokens the server never issues: no expiry, over an hour long, or issued in the future', async () => {
    const now = Math.floor(Date.now() / 1000);
    const withTimes = (times: { iat?: number; exp?: number }) =>
      jwt.sign({ typ: 'access', ...times }, config.jwtSecret, {
        algorithm: 'HS256',
        subject: tenant.tenantId,
        jwtid: newId('apiKey'),
        ...(times.iat === undefined ? { noTimestamp: true } : {}),
      });
    for (const token of [
      withTimes({ iat: now }),
      withTimes({ exp: now + 600 }),
      withTimes({ iat: now, exp: now + 3601 }),
      withTimes({ iat: now - 86_400, exp: now + 86_400 * 365 }),
      withTimes({ iat: now + 120, exp: now + 120 + 3600 }),
    ]) {
      const response = await get('/tenants/me', token);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.json()).toEqual({
        statusCode: 401,
        error: 'invalid_credentials',
        message: 'Invalid or missing credentials',
      });
    }
    // An hour exactly, issued a while ago or a little ahead of this clock, as a token of another server may be.
    for (const token of [
      withTimes({ iat: now - 3000, exp: now + 600 }),
      withTimes({ iat: now + 30, exp: now + 3630 }),
    ]) {
      expect((await get('/tenants/me', token)).status).toBe(200);
    }
  });

  it('refuses a token signed with another secret', async () => {
    const forged = signToken('another-secret-of-at-least-thirty-two-chars', {
      typ: 'access',
      tenantId: tenant.tenantId,
      jti: newId('apiKey'),
    });
    expect((await get('/tenants/me', forged)).status).toBe(401);
  });

  it('refuses a key revoked elsewhere once its cache entry is older than the TTL, and an expired key', async () => {
    const connection = orm.em.getConnection();
    const revocable = await createTenantFixture(orm, config);
    expect((await get('/customers', revocable.apiKey)).status).toBe(200);
    const revokedAt = performance.now();
    await connection.execute(
      'update central.api_keys set revoked_at = now() where id = ?',
      [revocable.apiKeyId],
      'run',
    );
    // Revoked by another process (or in SQL): this process trusts its cache for at most the TTL.
    await new Promise((done) => setTimeout(done, KEY_CACHE_TTL_MS - (performance.now() - revokedAt) + 20));
    expect((await get('/customers', revocable.apiKey)).status).toBe(401);

    const expiring = await createTenantFixture(orm, config);
    await connection.execute(
      "update central.api_keys set expires_at = now() - interval '1 second' where id = ?",
      [expiring.apiKeyId],
      'run',
    );
    expect((await get('/customers', expiring.apiKey)).status).toBe(401);
  });

  it('refuses every credential of a deactivated tenant', async () => {
    const inactive = await createTenantFixture(orm, config);
    await orm.em
      .getConnection()
      .execute('update central.tenants set is_active = false where id = ?', [inactive.tenantId], 'run');
    expect((await get('/customers', inactive.apiKey)).status).toBe(401);
    expect((await get('/tenants/me', inactive.accessToken)).status).toBe(401);
  });
});
