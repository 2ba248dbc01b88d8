import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Router } from '@koa/router';
import { systemClock } from '../infra/clock';
import { createUnconfiguredMailer } from '../infra/mail';
import { apiClient } from '../test/harness/api-client';
import { startTestApi, type TestApi } from '../test/harness/api-harness';
import { memoryLogger } from '../test/harness/http-server';
import { RELAXED_RATE_LIMITS, registerTenant } from '../test/fixtures/register-tenant';
import type { AuthKind, FactoryContext, IsolationFactory, Tenant } from '../test/isolation/isolation-factory';
import { API_BASE_PATH, buildRouting } from './app';

/**
 * Tenant isolation over the whole route table: every route the app serves is found by walking the routers that
 * buildRouting() mounts, so a route added later is covered without editing this file. For every route with a path
 * parameter, a resource is created in tenant A by the factory registered below for the route's path, and tenant B
 * must get 404 for it (never 403, never the record). A route with a path parameter and no factory fails the test:
 * whoever adds the route adds its factory.
 */

/**
 * One factory per resource, keyed by the route path (relative to /api, Koa syntax) that addresses it, from every
 * `test/isolation/<resource>.factory.ts` (each exports `isolationFactories`). A key covers every route below
 * it (`/customers/:id` covers `/customers/:id/subscriptions`); the longest matching key wins.
 */
let FACTORIES: Readonly<Record<string, IsolationFactory>> = {};

async function loadFactories(): Promise<Readonly<Record<string, IsolationFactory>>> {
  const factoriesDir = join(__dirname, '..', 'test', 'isolation');
  const files = readdirSync(factoriesDir)
    .filter((name) => name.endsWith('.factory.ts'))
    .map((name) => join(factoriesDir, name));
  const modules = await Promise.all(
    files.map((file) => import(file) as Promise<{ isolationFactories: Readonly<Record<string, IsolationFactory>> }>),
  );
  return Object.assign({}, ...modules.map((module) => module.isolationFactories)) as Record<string, IsolationFactory>;
}

interface ServedRoute {
  method: string;
  /** Koa path relative to /api, e.g. `/tenants/me/api-keys/:id`; absolute for routes outside /api (`/health`). */
  path: string;
  url: string;
  auth: AuthKind;
  params: string[];
  /** Whether the declared body schema has required properties. */
  needsBody: boolean;
}

interface OpenApiOperation {
  security: Record<string, unknown>[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
}
interface SchemaObject {
  $ref?: string;
  required?: string[];
  minProperties?: number;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, SchemaObject> };
}

/** Every (method, path) the routers serve, with its auth kind and body requirement from the route declaration. */
function walkRoutes(routers: Router[], document: OpenApiDocument): ServedRoute[] {
  return routers.flatMap((router) =>
    router.stack.flatMap((layer) =>
      layer.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => {
          const url = String(layer.path);
          const operation = document.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
          if (operation === undefined) throw new Error(`${method} ${url} is served but not declared`);
          const path = url.startsWith(`${API_BASE_PATH}/`) ? url.slice(API_BASE_PATH.length) : url;
          const params = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
          return { method, path, url, auth: authKindOf(operation), params, needsBody: needsBody(operation, document) };
        }),
    ),
  );
}

function authKindOf(operation: OpenApiOperation): AuthKind {
  const [scheme] = operation.security.flatMap((requirement) => Object.keys(requirement));
  if (scheme === undefined) return 'none';
  return scheme === 'apiKey' ? 'apiKey' : 'jwt';
}

function needsBody(operation: OpenApiOperation, document: OpenApiDocument): boolean {
  let schema = operation.requestBody?.content['application/json']?.schema;
  if (schema?.$ref !== undefined) schema = document.components.schemas[schema.$ref.split('/').at(-1) ?? ''];
  return (schema?.required?.length ?? 0) > 0 || (schema?.minProperties ?? 0) > 0;
}

/** The factory whose key is the longest segment-wise prefix of the route's path. */
function factoryFor(path: string): { key: string; factory: IsolationFactory } | undefined {
  const segments = path.split('/');
  return Object.entries(FACTORIES)
    .filter(([key]) => key.split('/').every((segment, index) => segments[index] === segment))
    .sort(([a], [b]) => b.split('/').length - a.split('/').length)
    .map(([key, factory]) => ({ key, factory }))[0];
}

const fill = (path: string, params: Record<string, string>) =>
  path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? `missing-${name}`));

describe('tenant isolation over every route', () => {
  let api: TestApi;
  let routes: ServedRoute[];
  let tenantA: Tenant;
  let tenantB: Tenant;

  beforeAll(async () => {
    FACTORIES = await loadFactories();
    // Tenant B calls every route a few times; the per-tenant limit is not what this test is about.
    api = await startTestApi({ env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_PER_MINUTE: '1000000' } });
    const deps = {
      ...api.requestPath,
      config: api.config,
      logger: memoryLogger().logger,
      orm: api.orm,
      mailer: createUnconfiguredMailer(),
      healthChecks: [],
      version: 'test',
      clock: systemClock,
    };
    const routing = buildRouting(deps);
    routes = walkRoutes([routing.root, routing.api], routing.document as OpenApiDocument);
    const [a, b] = await Promise.all([registerTenant(api), registerTenant(api)]);
    tenantA = { id: a.tenant.id, accessToken: a.accessToken, apiKey: a.apiKey };
    tenantB = { id: b.tenant.id, accessToken: b.accessToken, apiKey: b.apiKey };
  });
  afterAll(() => api.close());

  const send = apiClient(() => ({ baseUrl: api.url }));
  const context = (owner: Tenant): FactoryContext => ({
    owner,
    call: (token, method, path, body) => send(method, `${API_BASE_PATH}${path}`, { token, body }),
  });
  const guarded = () => routes.filter((route) => route.auth !== 'none');
  const sample = (route: ServedRoute) => fill(route.url, Object.fromEntries(route.params.map((name) => [name, 'x'])));

  it('walks the served routes, including the tenant routes', () => {
    const served = routes.map((route) => `${route.method} ${route.path}`);
    expect(served).toEqual(expect.arrayContaining(['GET /tenants/me', 'DELETE /tenants/me/api-keys/:id']));
    const stale = Object.keys(FACTORIES).filter((key) => !routes.some((route) => factoryFor(route.path)?.key === key));
    expect(stale).toEqual([]);
  });

  it('answers 401 without credentials on every authenticated route', async () => {
    const problems: string[] = [];
    for (const route of guarded()) {
      const { status } = await send(route.method, sample(route));
      if (status !== 401) problems.push(`${route.method} ${route.path} answered ${status} without credentials`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a JWT on API key routes and an API key on JWT routes', async () => {
    const problems: string[] = [];
    for (const route of guarded()) {
      const wrong = route.auth === 'jwt' ? tenantB.apiKey : tenantB.accessToken;
      const { status } = await send(route.method, sample(route), { token: wrong });
      if (status !== 401)
        problems.push(`${route.method} ${route.path} (${route.auth}) answered ${status} to the other kind`);
    }
    expect(problems).toEqual([]);
  });

  it('answers 404 to tenant B for tenant A’s resource on every route with a path parameter', async () => {
    const problems: string[] = [];
    for (const route of guarded().filter((candidate) => candidate.params.length > 0)) {
      const name = `${route.method} ${route.path}`;
      const found = factoryFor(route.path);
      if (found === undefined) {
        problems.push(`${name}: no isolation factory; add one to FACTORIES in api/tenant-isolation.int.test.ts`);
        continue;
      }
      const bodies = found.factory.bodies ?? {};
      if (route.needsBody && !(name in bodies)) {
        problems.push(`${name}: its body has required properties; add a valid body to bodies of '${found.key}'`);
        continue;
      }
      const params = await found.factory.create(context(tenantA));
      const missing = route.params.filter((param) => params[param] === undefined);
      if (missing.length > 0) {
        problems.push(`${name}: factory '${found.key}' returned no value for ${missing.join(', ')}`);
        continue;
      }
      const token = route.auth === 'apiKey' ? tenantB.apiKey : tenantB.accessToken;
      const reply = await send(route.method, fill(route.url, params), { token, body: bodies[name] });
      if (reply.status !== 404) {
        problems.push(`${name}: tenant B got ${reply.status} for tenant A's resource: ${JSON.stringify(reply.body)}`);
      }
      try {
        await found.factory.ownerStillHas?.(context(tenantA), params);
      } catch (error) {
        problems.push(`${name}: tenant A's resource changed after tenant B's call: ${String(error)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses two distinct tenants', () => {
    expect(tenantA.id).not.toBe(tenantB.id);
  });
});
