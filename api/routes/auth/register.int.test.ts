import { Router } from '@koa/router';
import { Migration } from '@mikro-orm/migrations';
import { Type } from '@sinclair/typebox';
import Koa from 'koa';
import { SCOPES } from '../../../domain/auth/scopes';
import { hashApiKey } from '../../../services/platform/api-keys';
import { verifyToken } from '../../../services/platform/auth';
import { systemClock } from '../../../infra/clock';
import { createOrm } from '../../../infra/db/orm';
import { listTenantSchemas, tenantSchemaName } from '../../../infra/db/tenant-schema';
import { createUnconfiguredMailer } from '../../../infra/mail';
import { tenantMigrations } from '../../../migrations/tenant';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { memoryLogger, serve, type RunningServer } from '../../../test/harness/http-server';
import { registerTenant, registrationRequest, RELAXED_RATE_LIMITS } from '../../../test/fixtures/register-tenant';
import type { AppDeps } from '../../app-deps';
import { createApp } from '../../app';
import { authOf } from '../../auth/auth-context';
import { guardsFor } from '../../auth/guards';
import { errorHandler } from '../../middleware/error-handler';
import { jsonBody, MIB } from '../../middleware/json-body';
import { mountRoutes } from '../../routing/mount-routes';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { authRoutes, type AuthRouteOptions } from './router';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ env: { ...RELAXED_RATE_LIMITS } });
});
afterAll(() => api.close());

const appDeps = (logger = memoryLogger().logger): AppDeps => ({
  ...api.requestPath,
  config: api.config,
  logger,
  orm: api.orm,
  mailer: createUnconfiguredMailer(),
  healthChecks: [],
  version: 'test',
  clock: systemClock,
});

/** Serves routes behind the app's real guard chain, for routes that do not exist yet or seams the app hides. */
async function serveRoutes(routes: RouteDefinition[], logger = memoryLogger().logger): Promise<RunningServer> {
  const app = new Koa();
  app.silent = true;
  const router = new Router({ prefix: '/api' });
  mountRoutes(router, routes, {
    validateResponses: true,
    guardsFor: guardsFor({
      orm: api.orm,
      jwtSecret: api.config.jwtSecret,
      apiKeyAuthenticator: api.requestPath.apiKeyAuthenticator,
      rateLimitFor: () => [],
    }),
  });
  app.use(errorHandler(logger));
  app.use(jsonBody({ limitFor: () => MIB }));
  app.use(router.routes());
  return serve(app);
}

const whoAmI = (path: string, auth: RouteDefinition['auth']): RouteDefinition =>
  defineRoute({
    method: 'get',
    path,
    operationId: path,
    summary: 'who am I',
    tags: ['Test'],
    auth,
    responses: { 200: { description: 'caller', schema: Type.Object({ tenantId: Type.String() }) } },
    handler: ({ ctx }) => ({ tenantId: authOf(ctx).tenantId }),
  });

const post = (baseUrl: string, path: string, body: unknown) =>
  fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const query = <T>(sql: string, params: unknown[]) => api.orm.em.getConnection().execute<T[]>(sql, params);

async function tenantIdsWithEmail(email: string): Promise<string[]> {
  const rows = await query<{ id: string }>('select id from central.tenants where lower(email) = lower(?)', [email]);
  return rows.map((row) => row.id);
}

describe('POST /auth/register', () => {
  it('creates the tenant with its schema, a Default key with every scope and a first login', async () => {
    const request = registrationRequest({ email: `Mixed.Case-${Date.now()}@Example.com` });
    const response = await post(api.url, '/auth/register', request);

    expect(response.status).toBe(201);
    const body = (await response.json()) as Awaited<ReturnType<typeof registerTenant>>;
    expect(body.tenant).toEqual({
      id: expect.stringMatching(/^ten_[0-9A-HJKMNP-TV-Z]{26}$/) as string,
      name: request.name,
      companyName: request.companyName,
      slug: request.companyName.toLowerCase().replace(/ /g, '-'),
      email: request.email,
      isActive: true,
      webhookUrl: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
    });
    const tenantId = body.tenant.id;
    expect(verifyToken(api.config.jwtSecret, body.accessToken, 'access')?.sub).toBe(tenantId);
    expect(verifyToken(api.config.jwtSecret, body.refreshToken, 'refresh')?.sub).toBe(tenantId);
    expect(body.apiKey).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);

    const [tenant] = await query<{ password_hash: string; webhook_signing_secret: string }>(
      'select password_hash, webhook_signing_secret from central.tenants where id = ?',
      [tenantId],
    );
    expect(tenant?.password_hash).toMatch(/^scrypt\$/);
    expect(tenant?.webhook_signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(tenant!.webhook_signing_secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const keys = await query<{ name: string; scopes: string[]; prefix: string; key_hash: string }>(
      'select name, scopes, prefix, key_hash from central.api_keys where tenant_id = ?',
      [tenantId],
    );
    expect(keys).toEqual([
      { name: 'Default', scopes: [...SCOPES], prefix: body.apiKey.slice(0, 12), key_hash: hashApiKey(body.apiKey) },
    ]);
    const refreshTokens = await query<{ family_id: string }>(
      'select family_id from central.refresh_tokens where tenant_id = ? and used_at is null and revoked_at is null',
      [tenantId],
    );
    expect(refreshTokens).toHaveLength(1);
    expect(await listTenantSchemas(api.orm)).toContain(tenantSchemaName(tenantId));
  });

  it('returns an API key that works at once on a route of every scope, and an access token for /tenants', async () => {
    const registration = await registerTenant(api);
    const probes = SCOPES.map((scope) => whoAmI(`/probe/${scope.replace(':', '/')}`, { kind: 'apiKey', scope }));
    const server = await serveRoutes([...probes, whoAmI('/tenants/me', { kind: 'jwt' })]);
    try {
      const get = (path: string, token: string) =>
        fetch(`${server.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
      for (const scope of SCOPES) {
        const response = await get(`/probe/${scope.replace(':', '/')}`, registration.apiKey);
        expect({ scope, status: response.status }).toEqual({ scope, status: 200 });
        expect(await response.json()).toEqual({ tenantId: registration.tenant.id });
      }
      const me = await get('/tenants/me', registration.accessToken);
      expect(await me.json()).toEqual({ tenantId: registration.tenant.id });
    } finally {
      await server.close();
    }
  });

  it('trims the names and derives the slug from the company name', async () => {
    const registration = await registerTenant(api, {
      name: '  Grace Hopper ',
      companyName: `  Café Números & Co. ${Date.now()} `,
    });
    expect(registration.tenant.name).toBe('Grace Hopper');
    expect(registration.tenant.companyName).toMatch(/^Café Números & Co\. \d+$/);
    expect(registration.tenant.slug).toMatch(/^cafe-numeros-co-\d+$/);
  });

  it('makes the slug unique with -2, -3 when the company name is taken', async () => {
    const companyName = `Acme ${Date.now()}`;
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await registerTenant(api, { companyName })).tenant.slug);
    const base = companyName.toLowerCase().replace(' ', '-');
    expect(slugs).toEqual([base, `${base}-2`, `${base}-3`]);
  });

  it('registers 20 tenants in parallel, all with distinct ids, slugs and schemas', async () => {
    const companyName = `Parallel ${Date.now()}`;
    const registrations = await Promise.all(Array.from({ length: 20 }, () => registerTenant(api, { companyName })));

    const ids = new Set(registrations.map((registration) => registration.tenant.id));
    const slugs = new Set(registrations.map((registration) => registration.tenant.slug));
    expect(ids.size).toBe(20);
    expect(slugs.size).toBe(20);
    const schemas = await listTenantSchemas(api.orm);
    for (const id of ids) expect(schemas).toContain(tenantSchemaName(id));
  });

  it('answers 409 email_taken for an e-mail registered in another case', async () => {
    const first = await registerTenant(api);
    const response = await post(
      api.url,
      '/auth/register',
      registrationRequest({ email: first.tenant.email.toUpperCase() }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      statusCode: 409,
      error: 'email_taken',
      message: 'An account with this email already exists',
    });
    expect(await tenantIdsWithEmail(first.tenant.email)).toEqual([first.tenant.id]);
  });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'body.email'],
    ['a password of 7 characters', { password: 'short77' }, 'body.password'],
    ['a password of 129 characters', { password: 'x'.repeat(129) }, 'body.password'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['an unknown property', { plan: 'gold' }, 'body.plan'],
    ['a missing company name', { companyName: undefined }, 'body.companyName'],
  ])('answers 400 naming the field for %s', async (_case, change, path) => {
    const response = await post(api.url, '/auth/register', { ...registrationRequest(), ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; details: { path: string }[] };
    expect(body.error).toBe('validation_failed');
    expect(body.details.map((detail) => detail.path)).toContain(path);
  });
});

describe('a registration that fails part-way', () => {
  it('leaves nothing behind when a step after provisioning fails, so the e-mail can register again', async () => {
    let attemptedTenantId: string | undefined;
    const options: AuthRouteOptions = {
      registrationHooks: {
        afterProvision: (tenantId) => {
          attemptedTenantId = tenantId;
          return Promise.reject(new Error('injected failure after provisioning'));
        },
      },
    };
    const log = memoryLogger();
    const server = await serveRoutes(authRoutes(appDeps(), options), log.logger);
    const request = registrationRequest();
    try {
      const response = await post(server.url, '/auth/register', request);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        statusCode: 500,
        error: 'internal_error',
        message: 'Internal server error',
      });
      expect(JSON.stringify(log.lines())).toContain('injected failure after provisioning');
    } finally {
      await server.close();
    }

    const tenantId = attemptedTenantId!;
    expect(tenantId).toMatch(/^ten_/);
    expect(await tenantIdsWithEmail(request.email)).toEqual([]);
    expect(await listTenantSchemas(api.orm)).not.toContain(tenantSchemaName(tenantId));
    for (const table of ['api_keys', 'refresh_tokens']) {
      expect(await query(`select 1 from central.${table} where tenant_id = ?`, [tenantId])).toEqual([]);
    }
    const retry = await registerTenant(api, { email: request.email });
    expect(retry.tenant.email).toBe(request.email);
  });

  it('leaves nothing behind when a tenant migration fails during provisioning', async () => {
    class FailingMigration extends Migration {
      override name = '29990101000000_fail_on_purpose';
      override up(): void {
        this.addSql('select 1 / 0');
      }
    }
    const failingOrm = await createOrm(api.config, { poolMax: 2, migrations: [...tenantMigrations, FailingMigration] });
    const log = memoryLogger();
    const server = await serve(createApp({ ...appDeps(log.logger), orm: failingOrm }));
    const request = registrationRequest();
    try {
      expect((await post(server.url, '/auth/register', request)).status).toBe(500);
      expect(JSON.stringify(log.lines())).toContain('division by zero');
    } finally {
      await server.close();
      await failingOrm.close();
    }

    expect(await tenantIdsWithEmail(request.email)).toEqual([]);
    const retry = await registerTenant(api, { email: request.email });
    expect(await listTenantSchemas(api.orm)).toContain(tenantSchemaName(retry.tenant.id));
  });
});
