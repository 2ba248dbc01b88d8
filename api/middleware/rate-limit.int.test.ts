import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { Type } from '@sinclair/typebox';
import Koa from 'koa';
import { Router } from '@koa/router';
import { Agent, fetch as fetchFrom, request as undiciRequest, type Headers } from 'undici';
import { systemClock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createUnconfiguredMailer } from '../../infra/mail';
import { createPostgresRateLimitStore } from '../../services/platform/rate-limits';
import { callApi } from '../../test/harness/api-client';
import { startTestApi } from '../../test/harness/api-harness';
import { memoryLogger, serve, testConfig, type RunningServer } from '../../test/harness/http-server';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { createRequestPathState, type AppDeps, type RequestPathState } from '../app-deps';
import { authOf } from '../auth/auth-context';
import { guardsFor } from '../auth/guards';
import { notFound } from '../../services/platform/errors';
import { mountRoutes } from '../routing/mount-routes';
import { defineRoute, type RouteDefinition } from '../routing/route-definition';
import { errorHandler } from './error-handler';
import { jsonBody, MIB } from './json-body';
import { rateLimitGuards } from './rate-limit';

const run = promisify(execFile);
const TENANT_CLI = resolve(__dirname, '..', '..', 'cli', 'tenant.ts');

interface LimitedApi {
  url: string;
  orm: Orm;
  config: Config;
  /** How often each operation's handler ran. */
  calls: Map<string, number>;
  requestPath: RequestPathState;
  close: () => Promise<void>;
}

const Ok = Type.Object({ tenantId: Type.Optional(Type.String()) });
const Credentials = Type.Object({ email: Type.String(), password: Type.Optional(Type.String()) });
const Reset = Type.Object({ token: Type.String(), newPassword: Type.String() });

/** Routes like the real ones (auth kinds and operationIds), on the real guard chain and the real limiter. */
function testRoutes(calls: Map<string, number>): RouteDefinition[] {
  const route = (
    method: 'get' | 'post',
    path: string,
    operationId: string,
    auth: RouteDefinition['auth'],
    body?: RouteDefinition['body'],
  ): RouteDefinition =>
    defineRoute({
      method,
      path,
      operationId,
      summary: operationId,
      tags: ['Test'],
      auth,
      ...(body === undefined ? {} : { body }),
      responses: { 200: { description: 'ok', schema: Ok } },
      handler: ({ ctx }) => {
        calls.set(operationId, (calls.get(operationId) ?? 0) + 1);
        if (operationId === 'getMissing') throw notFound('thing_not_found', 'No such thing');
        return auth.kind === 'none' ? {} : { tenantId: authOf(ctx).tenantId };
      },
    });
  return [
    route('get', '/tenants/me', 'getTenant', { kind: 'jwt' }),
    route('get', '/tenants/me/missing', 'getMissing', { kind: 'jwt' }),
    route('get', '/customers', 'listCustomers', { kind: 'apiKey', scope: 'customers:read' }),
    route('get', '/plans', 'listPlans', { kind: 'apiKey', scope: 'plans:read' }),
    route('get', '/public', 'getPublicThing', { kind: 'none' }),
    route('get', '/health', 'getHealth', { kind: 'none' }),
    route('post', '/auth/login', 'login', { kind: 'none' }, Credentials),
    route('post', '/auth/forgot-password', 'forgotPassword', { kind: 'none' }, Credentials),
    route('post', '/auth/reset-password', 'resetPassword', { kind: 'none' }, Reset),
  ];
}

/**
 * One API process's worth of state: its own ORM, limiter and server. `clock` pins the window instant (a future
 * minute of its own, so no other test's counts or clean-ups meet it); without it the database clock counts.
 */
async function startLimitedApi(options: { env: Record<string, string>; clock?: () => Date }): Promise<LimitedApi> {
  const config = testConfig(options.env);
  const orm = await createOrm(config, { poolMax: 2 });
  const { logger } = memoryLogger();
  const requestPath = createRequestPathState({ orm, logger });
  const deps: AppDeps = {
    ...requestPath,
    config,
    logger,
    orm,
    mailer: createUnconfiguredMailer(),
    healthChecks: [],
    version: 'test',
    clock: systemClock,
  };
  const clock = options.clock;
  const rateLimitFor = rateLimitGuards(
    deps,
    clock === undefined ? {} : { store: createPostgresRateLimitStore({ orm, logger, clock }) },
  );
  const calls = new Map<string, number>();
  const router = new Router();
  mountRoutes(router, testRoutes(calls), {
    validateResponses: true,
    guardsFor: guardsFor({
      orm,
      jwtSecret: config.jwtSecret,
      apiKeyAuthenticator: requestPath.apiKeyAuthenticator,
      rateLimitFor,
    }),
  });
  const app = new Koa();
  app.silent = true;
  app.use(errorHandler(logger));
  app.use(jsonBody({ limitFor: () => MIB }));
  app.use(router.routes());
  const server: RunningServer = await serve(app);
  return {
    url: server.url,
    orm,
    config,
    calls,
    requestPath,
    close: async () => {
      await server.close();
      await requestPath.requestCounts.stop();
      await orm.close();
    },
  };
}

/** An instant `secondsIntoMinute` into a random future minute: windows of its own, never cleaned up mid-test. */
function futureInstant(secondsIntoMinute: number): Date {
  const minute = Date.UTC(2100, 0, 1) + randomInt(0, 50_000_000) * 60_000;
  return new Date(minute + secondsIntoMinute * 1000);
}

const clients = new Map<string, Agent>();
/** Requests from a loopback address of its own (127.0.0.0/8), so each test has its own client IP. */
function fromIp(ip: string): Agent {
  const agent = clients.get(ip) ?? new Agent({ localAddress: ip });
  clients.set(ip, agent);
  return agent;
}
const randomLoopbackIp = (): string => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** GET, or POST when there is a body; from `ip` when given. */
const call = (url: string, options: { token?: string; body?: object; ip?: string } = {}) =>
  callApi<unknown>(url, {
    method: options.body === undefined ? 'GET' : 'POST',
    token: options.token,
    body: options.body,
    dispatcher: options.ip === undefined ? undefined : fromIp(options.ip),
  });

const rateLimitHeaders = (headers: Headers) => ({
  limit: headers.get('ratelimit-limit'),
  remaining: headers.get('ratelimit-remaining'),
  reset: headers.get('ratelimit-reset'),
});

/** Tests on the real database clock start early in a minute, so a window boundary cannot split their count. */
async function waitForFreshWindow(orm: Orm): Promise<void> {
  const [row] = await orm.em
    .getConnection()
    .execute<{ seconds: string }[]>('select extract(second from now()) as seconds');
  const seconds = Number(row!.seconds);
  if (seconds > 45) await new Promise((done) => setTimeout(done, (60.5 - seconds) * 1000));
}

/** The tenant's stored request count, after writing what this API counted in memory. */
async function requestCount(api: LimitedApi, tenantId: string): Promise<number> {
  await api.requestPath.requestCounts.flush();
  const rows = await api.orm.em
    .getConnection()
    .execute<{ total: string | null }[]>('select sum(count) as total from central.request_counts where tenant_id = ?', [
      tenantId,
    ]);
  return Number(rows[0]?.total ?? 0);
}

afterAll(async () => {
  await Promise.all([...clients.values()].map((agent) => agent.close()));
});

describe('rate limit per tenant', () => {
  const env = { RATE_LIMIT_PER_MINUTE: '5' };

  it('shares one tenant window across API processes, JWT and API key together, and leaves other tenants alone', async () => {
    const first = await startLimitedApi({ env });
    const second = await startLimitedApi({ env });
    try {
      const tenant = await createTenantFixture(first.orm, first.config);
      const other = await createTenantFixture(first.orm, first.config);
      await waitForFreshWindow(first.orm);
      const alternate = (index: number) =>
        index % 2 === 0
          ? call(`${first.url}/tenants/me`, { token: tenant.accessToken })
          : call(`${second.url}/customers`, { token: tenant.apiKey });
      const statuses: number[] = [];
      for (let index = 0; index < 7; index += 1) statuses.push((await alternate(index)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);

      expect((await call(`${first.url}/tenants/me`, { token: other.accessToken })).status).toBe(200);
      expect((await call(`${second.url}/customers`, { token: other.apiKey })).status).toBe(200);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  describe('at a fixed instant 23 seconds into a minute', () => {
    let now: Date;
    let api: LimitedApi;
    let tenant: TenantFixture;
    beforeAll(async () => {
      api = await startLimitedApi({ env, clock: () => now });
    });
    afterAll(() => api.close());
    beforeEach(async () => {
      now = futureInstant(23);
      tenant = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
    });
    const me = () => call(`${api.url}/tenants/me`, { token: tenant.accessToken });

    it('counts down RateLimit-Remaining, then answers the contract 429 without running the handler', async () => {
      const remaining: (string | null)[] = [];
      for (let index = 0; index < 5; index += 1) {
        const response = await me();
        expect(response.status).toBe(200);
        expect(rateLimitHeaders(response.headers)).toMatchObject({ limit: '5', reset: '37' });
        remaining.push(response.headers.get('ratelimit-remaining'));
      }
      expect(remaining).toEqual(['4', '3', '2', '1', '0']);
      const handled = api.calls.get('getTenant');

      const limited = await me();
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        statusCode: 429,
        message: 'Rate limit exceeded, retry in 37 seconds',
        error: 'rate_limited',
        retryAfter: 37,
      });
      expect(limited.headers.get('retry-after')).toBe('37');
      expect(rateLimitHeaders(limited.headers)).toEqual({ limit: '5', remaining: '0', reset: '37' });
      expect(rateLimitHeaders((await me()).headers).remaining).toBe('0');
      expect(api.calls.get('getTenant')).toBe(handled);
    });

    it('puts the headers on 403 and 404 answers given after the limiter', async () => {
      const forbidden = await call(`${api.url}/plans`, { token: tenant.apiKey });
      expect(forbidden.status).toBe(403);
      expect(rateLimitHeaders(forbidden.headers)).toEqual({ limit: '5', remaining: '4', reset: '37' });
      const missing = await call(`${api.url}/tenants/me/missing`, { token: tenant.accessToken });
      expect(missing.status).toBe(404);
      expect(rateLimitHeaders(missing.headers)).toEqual({ limit: '5', remaining: '3', reset: '37' });
    });

    it('starts a new window at the next minute', async () => {
      for (let index = 0; index < 5; index += 1) await me();
      expect((await me()).status).toBe(429);
      now = new Date(now.getTime() + 40_000);
      const next = await me();
      expect(next.status).toBe(200);
      expect(rateLimitHeaders(next.headers)).toEqual({ limit: '5', remaining: '4', reset: '57' });
    });

    it('counts authenticated requests for the month, not the ones refused with 429', async () => {
      for (let index = 0; index < 4; index += 1) await me();
      await call(`${api.url}/customers`, { token: tenant.apiKey });
      expect(await requestCount(api, tenant.tenantId)).toBe(5);
      expect((await me()).status).toBe(429);
      expect(await requestCount(api, tenant.tenantId)).toBe(5);
    });

    it("applies the tenant's own limit set by the operator command, and the default again after `default`", async () => {
      const tenantCli = (value: string) =>
        run(process.execPath, [require.resolve('tsx/cli'), TENANT_CLI, 'set-rate-limit', tenant.tenantId, value], {
          env: { DATABASE_URL: api.config.databaseUrl, NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '5' },
        });
      expect((await tenantCli('2')).stdout).toBe(
        `Tenant ${tenant.tenantId} (Test Company): rate limit set to 2 requests per minute, ` +
          'was the default (RATE_LIMIT_PER_MINUTE = 5)\n',
      );
      expect((await me()).status).toBe(200);
      const second = await me();
      expect(rateLimitHeaders(second.headers)).toEqual({ limit: '2', remaining: '0', reset: '37' });
      expect((await me()).status).toBe(429);

      expect((await tenantCli('default')).stdout).toMatch(/set to the default .*, was 2 requests per minute\n$/);
      const again = await me();
      expect(again.status).toBe(200);
      expect(rateLimitHeaders(again.headers)).toEqual({ limit: '5', remaining: '1', reset: '37' });
    });
  });
});

describe('rate limit on public routes', () => {
  let now: Date;
  let api: LimitedApi;
  let ip: string;
  beforeAll(async () => {
    api = await startLimitedApi({
      env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '5', RATE_LIMIT_LOGIN_PER_MINUTE: '2' },
      clock: () => now,
    });
  });
  afterAll(() => api.close());
  beforeEach(() => {
    now = futureInstant(50);
    ip = randomLoopbackIp();
  });
  const login = (email: string, from = ip) =>
    call(`${api.url}/auth/login`, { ip: from, body: { email, password: 'wrong-password' } });

  it('limits each client IP on its own', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1) statuses.push((await call(`${api.url}/public`, { ip })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await call(`${api.url}/public`, { ip });
    expect(limited.body).toEqual({
      statusCode: 429,
      message: 'Rate limit exceeded, retry in 10 seconds',
      error: 'rate_limited',
      retryAfter: 10,
    });
    expect(limited.headers.get('retry-after')).toBe('10');

    const elsewhere = await call(`${api.url}/public`, { ip: randomLoopbackIp() });
    expect(elsewhere.status).toBe(200);
    expect(rateLimitHeaders(elsewhere.headers)).toEqual({ limit: '5', remaining: '4', reset: '10' });
  });

  it('limits login per IP and e-mail more tightly, within the IP limit', async () => {
    expect((await login('owner@example.com')).status).toBe(200);
    const second = await login('Owner@Example.com ');
    expect(rateLimitHeaders(second.headers)).toEqual({ limit: '2', remaining: '0', reset: '10' });
    const handled = api.calls.get('login');
    expect((await login('owner@example.com')).status).toBe(429);
    expect(api.calls.get('login')).toBe(handled);

    // Other addresses from the same IP have login windows of their own but spend the same IP window.
    expect((await login('someone@example.com')).status).toBe(200);
    const fifth = await login('third@example.com');
    expect(fifth.status).toBe(200);
    expect(rateLimitHeaders(fifth.headers)).toEqual({ limit: '5', remaining: '0', reset: '10' });
    const overIp = await login('fourth@example.com');
    expect(overIp.status).toBe(429);
    expect(rateLimitHeaders(overIp.headers)).toEqual({ limit: '5', remaining: '0', reset: '10' });

    expect((await login('owner@example.com', randomLoopbackIp())).status).toBe(200);
  });

  it('limits forgot-password per IP and e-mail, sharing the login window of that address', async () => {
    expect((await login('owner@example.com')).status).toBe(200);
    const forgot = (email: string) => call(`${api.url}/auth/forgot-password`, { ip, body: { email } });
    expect((await forgot('owner@example.com')).status).toBe(200);
    expect((await forgot('owner@example.com')).status).toBe(429);
    expect((await forgot('new@example.com')).status).toBe(200);
  });

  it('limits reset-password, which names no e-mail, per IP with the login limit', async () => {
    const reset = () =>
      call(`${api.url}/auth/reset-password`, { ip, body: { token: 'some-token', newPassword: 'new-password' } });
    const statuses = [(await reset()).status, (await reset()).status, (await reset()).status];
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('never limits health checks, and shows the client’s window without counting in it', async () => {
    const remaining = new Set<string | null>();
    for (let index = 0; index < 8; index += 1) {
      const response = await call(`${api.url}/health`, { ip });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).not.toBeNull();
      remaining.add(response.headers.get('ratelimit-remaining'));
    }
    expect(remaining.size).toBe(1);
  });
});

describe('rate limit in the real app', () => {
  it('exempts health and the API reference, for load balancers and readers of the docs', async () => {
    const api = await startTestApi({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1' } });
    try {
      const docsAsset = '/api/docs/assets/swagger-ui.css';
      // A loopback address of its own: the window no other test's requests count in.
      const dispatcher = fromIp(randomLoopbackIp());
      for (const path of ['/health', '/api/health', '/api/openapi.json', '/api/docs', docsAsset]) {
        for (let index = 0; index < 3; index += 1) {
          const response = await fetchFrom(`${api.url}${path}`, { dispatcher });
          await response.arrayBuffer();
          const headers = ['ratelimit-limit', 'ratelimit-remaining'].map((name) => response.headers.get(name));
          // The reference's static files are served before routing, as files, with no limit to show.
          const shown = path === docsAsset ? [null, null] : ['1', '1'];
          expect([path, response.status, headers]).toEqual([path, 200, shown]);
        }
      }
    } finally {
      await api.close();
    }
  });

  describe('answers given before any route limits the request', () => {
    let api: Awaited<ReturnType<typeof startTestApi>>;
    beforeAll(async () => {
      api = await startTestApi({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '8' } });
    });
    afterAll(() => api.close());

    /** Any method (undici's fetch refuses TRACE), from the client address `ip`. */
    const send = async (ip: string, method: string, path: string, request: { type?: string; body?: string } = {}) => {
      const response = await undiciRequest(`${api.url}${path}`, {
        method,
        headers: request.type === undefined ? {} : { 'Content-Type': request.type },
        body: request.body ?? null,
        dispatcher: fromIp(ip),
      });
      await response.body.dump();
      const header = (name: string) => response.headers[name]?.toString() ?? null;
      return {
        request: `${method} ${path}`,
        status: response.statusCode,
        limit: header('ratelimit-limit'),
        remaining: header('ratelimit-remaining'),
        reset: header('ratelimit-reset'),
      };
    };

    it('count against the client IP and carry its RateLimit-* headers: 404, 405, 413, 415, malformed JSON, OPTIONS', async () => {
      const ip = randomLoopbackIp();
      await waitForFreshWindow(api.orm);
      const json = 'application/json';
      const replies = [
        await send(ip, 'GET', '/api/no-such-route'),
        await send(ip, 'GET', '/api/docs/assets/no-such-asset'),
        await send(ip, 'DELETE', '/api/health'),
        await send(ip, 'TRACE', '/api/customers'),
        await send(ip, 'POST', '/api/customers', { type: json, body: JSON.stringify({ blob: 'x'.repeat(MIB) }) }),
        await send(ip, 'POST', '/api/auth/login', { type: 'text/plain', body: 'hello' }),
        await send(ip, 'POST', '/api/auth/login', { type: json, body: '{"email": ' }),
        await send(ip, 'OPTIONS', '/api/customers'),
      ];
      const anyReset = expect.stringMatching(/^([1-9]|[1-5]\d|60)$/) as unknown;
      expect(replies).toEqual(
        [
          ['GET /api/no-such-route', 404],
          ['GET /api/docs/assets/no-such-asset', 404],
          ['DELETE /api/health', 405],
          ['TRACE /api/customers', 405],
          ['POST /api/customers', 413],
          ['POST /api/auth/login', 415],
          ['POST /api/auth/login', 400],
          ['OPTIONS /api/customers', 204],
        ].map(([request, status], index) => ({
          request,
          status,
          limit: '8',
          remaining: String(7 - index),
          reset: anyReset,
        })),
      );

      const limited = await callApi(`${api.url}/api/no-such-route`, { dispatcher: fromIp(ip) });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ statusCode: 429, error: 'rate_limited' });
      expect(rateLimitHeaders(limited.headers)).toMatchObject({ limit: '8', remaining: '0' });
      expect(limited.headers.get('retry-after')).toBe(rateLimitHeaders(limited.headers).reset);
    });
  });

  /** A login attempt as the proxy forwards it: the socket is the proxy's (loopback), the client is in the header. */
  const loginVia = (url: string, forwardedFor: string, n: number, socketIp = randomLoopbackIp()) =>
    fetchFrom(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ email: `nobody-${n}@example.com`, password: 'wrong-password' }),
      dispatcher: fromIp(socketIp),
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    });

  it('behind TRUSTED_PROXY_COUNT proxies limits the forwarded client address, never one the client wrote', async () => {
    const api = await startTestApi({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3', TRUSTED_PROXY_COUNT: '1' } });
    try {
      const last = randomInt(1, 254);
      const [client, neighbour] = [`203.0.113.${last}`, `203.0.113.${last + 1}`];
      await waitForFreshWindow(api.orm);
      const statuses: number[] = [];
      // The client puts an address of its own choosing in front every time, and each request reaches us from
      // another proxy socket: the proxy appends the real client, which is what counts.
      for (let n = 0; n < 4; n += 1) statuses.push(await loginVia(api.url, `198.51.100.${n + 1}, ${client}`, n));
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(await loginVia(api.url, `198.51.100.99, ${client}`, 5)).toBe(429);
      // Another client behind the same proxy has its own window.
      expect(await loginVia(api.url, neighbour, 6)).toBe(401);
    } finally {
      await api.close();
    }
  });

  describe('requests refused with 401 on authenticated routes', () => {
    let api: Awaited<ReturnType<typeof startTestApi>>;
    let tenant: TenantFixture;
    beforeAll(async () => {
      api = await startTestApi({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
      tenant = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
    });
    afterAll(() => api.close());
    /** A random, well-formed key that exists nowhere: each one costs the API a lookup. */
    const guessedKey = () => `sk_live_${randomBytes(32).toString('base64url')}`;

    it('counts API key guesses against the client IP: 401 with RateLimit-* headers, then 429 before any lookup', async () => {
      const ip = randomLoopbackIp();
      await waitForFreshWindow(api.orm);
      const replies = [];
      for (let n = 0; n < 5; n += 1) replies.push(await call(`${api.url}/api/customers`, { ip, token: guessedKey() }));
      expect(replies.map((reply) => reply.status)).toEqual([401, 401, 401, 429, 429]);
      expect(replies.map((reply) => rateLimitHeaders(reply.headers).remaining)).toEqual(['2', '1', '0', '0', '0']);
      expect(rateLimitHeaders(replies[0]!.headers)).toEqual({
        limit: '3',
        remaining: '2',
        reset: expect.stringMatching(/^\d+$/) as unknown,
      });
      expect(replies[0]!.headers.get('www-authenticate')).toBe('Bearer');
      const limited = replies[4]!;
      expect(limited.body).toMatchObject({ statusCode: 429, error: 'rate_limited' });
      expect(limited.headers.get('retry-after')).toBe(rateLimitHeaders(limited.headers).reset);

      // Refused before authentication: even a valid key from that network waits for the window's end (no lookup)...
      expect((await call(`${api.url}/api/customers`, { ip, token: tenant.apiKey })).status).toBe(429);
      // ...while a key from another client is not held up by this one's guesses.
      const elsewhere = await call(`${api.url}/api/customers`, { ip: randomLoopbackIp(), token: tenant.apiKey });
      expect(elsewhere.status).toBe(200);
    });

    it('counts a missing credential and a bad access token on JWT routes against the same IP window', async () => {
      const ip = randomLoopbackIp();
      await waitForFreshWindow(api.orm);
      const missing = await call(`${api.url}/api/customers`, { ip });
      expect(missing.status).toBe(401);
      expect(rateLimitHeaders(missing.headers)).toMatchObject({ limit: '3', remaining: '2' });
      const badJwt = await call(`${api.url}/api/tenants/me`, { ip, token: 'not.a.jwt' });
      expect(badJwt.status).toBe(401);
      expect(rateLimitHeaders(badJwt.headers)).toMatchObject({ limit: '3', remaining: '1' });
      // Authenticated requests count per tenant, never against the IP window.
      const ok = await call(`${api.url}/api/customers`, { ip, token: tenant.apiKey });
      expect(ok.status).toBe(200);
      expect(rateLimitHeaders(ok.headers).limit).toBe(String(api.config.rateLimit.perMinute));
      expect((await call(`${api.url}/api/customers`, { ip, token: guessedKey() })).status).toBe(401);
      expect((await call(`${api.url}/api/customers`, { ip, token: guessedKey() })).status).toBe(429);
    });
  });

  it('without trusted proxies ignores X-Forwarded-For: every request counts against the socket address', async () => {
    const api = await startTestApi({ env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '3' } });
    try {
      const socketIp = randomLoopbackIp();
      await waitForFreshWindow(api.orm);
      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) statuses.push(await loginVia(api.url, `203.0.113.${n + 1}`, n, socketIp));
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await api.close();
    }
  });
});
