import { request as httpRequest } from 'node:http';
import { apiClient, type ApiReply, type Json } from '../test/harness/api-client';
import { startTestApi, type TestApi } from '../test/harness/api-harness';
import { RELAXED_RATE_LIMITS, registerTenant } from '../test/fixtures/register-tenant';

/**
 * Input an OpenAPI fuzzer and a security review sent (issue 14, item 6): each is a 4xx naming the field (or 404 for
 * an unknown asset, 405 for an unsupported method), never a 500. The list and NUL cases walk the served OpenAPI
 * document, so a route added later is covered without editing this file.
 */

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: { type?: string; enum?: unknown[] };
}
interface Operation {
  security: Record<string, unknown>[];
  parameters?: Parameter[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}
interface Detail {
  path: string;
  message: string;
}

interface DocumentedRoute {
  method: string;
  path: string;
  operation: Operation;
}

const NUL = '\u0000';

function routesOf(document: OpenApiDocument): DocumentedRoute[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const fill = (path: string, value: (name: string) => string) =>
  path.replace(/\{([A-Za-z0-9_]+)\}/g, (_match, name: string) => encodeURIComponent(value(name)));

const pathsOf = (reply: ApiReply) => ((reply.body.details ?? []) as Detail[]).map((detail) => detail.path);

/** undici's fetch refuses TRACE (a forbidden method), so this one goes through node:http. */
function rawRequest(url: string, method: string): Promise<{ status: number; allow: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
      });
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('bad input is a 4xx, never a 500', () => {
  let api: TestApi;
  let routes: DocumentedRoute[];
  let apiKey: string;
  let accessToken: string;

  beforeAll(async () => {
    api = await startTestApi({ env: { ...RELAXED_RATE_LIMITS, RATE_LIMIT_PER_MINUTE: '1000000' } });
    const registration = await registerTenant(api);
    apiKey = registration.apiKey;
    accessToken = registration.accessToken;
    const document = await apiClient(() => ({ baseUrl: api.url }))<OpenApiDocument>('GET', '/api/openapi.json');
    routes = routesOf(document.body);
  });
  afterAll(() => api.close());

  const send = apiClient(() => ({ baseUrl: api.url, token: apiKey }));
  const tokenFor = (route: DocumentedRoute): string | null => {
    const [scheme] = route.operation.security.flatMap((requirement) => Object.keys(requirement));
    if (scheme === undefined) return null;
    return scheme === 'apiKey' ? apiKey : accessToken;
  };
  const queryParameters = (route: DocumentedRoute) =>
    (route.operation.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const lists = () =>
    routes.filter((route) => route.method === 'GET' && queryParameters(route).some(({ name }) => name === 'page'));

  it('answers 400 naming query.page to a page far out of range, on every list', async () => {
    expect(lists().length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const route of lists()) {
      const url = `${fill(route.path, () => 'x')}?page=1000000000000000000`;
      const reply = await send('GET', url, { token: tokenFor(route) });
      if (reply.status !== 400 || !pathsOf(reply).includes('query.page')) {
        problems.push(`GET ${route.path} answered ${reply.status}: ${reply.text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each([
    ['page', 'Infinity'],
    ['page', '1e400'],
    ['limit', '-1e400'],
    ['limit', '1e401'],
  ])('answers 400 naming query.%s to %s, which reads as an infinite number, on every list', async (name, value) => {
    const problems: string[] = [];
    for (const route of lists()) {
      const url = `${fill(route.path, () => 'x')}?${name}=${value}`;
      const reply = await send('GET', url, { token: tokenFor(route) });
      if (reply.status !== 400 || !pathsOf(reply).includes(`query.${name}`)) {
        problems.push(`GET ${route.path} answered ${reply.status}: ${reply.text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 naming the parameter to a NUL character in any path parameter', async () => {
    const withParams = routes.filter((route) => route.path.includes('{'));
    expect(withParams.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const route of withParams) {
      const [first] = [...route.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] ?? '');
      const url = fill(route.path, (name) => (name === first ? `cust_${NUL}x` : 'x'));
      const reply = await send(route.method, url, { token: tokenFor(route) });
      if (reply.status !== 400 || !pathsOf(reply).includes(`params.${first}`)) {
        problems.push(`${route.method} ${route.path} answered ${reply.status}: ${reply.text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 naming the parameter to a NUL character in any string query parameter', async () => {
    const cases = routes.flatMap((route) =>
      queryParameters(route)
        .filter((parameter) => parameter.schema?.type === 'string')
        .map((parameter) => ({ route, parameter })),
    );
    expect(cases.length).toBeGreaterThan(5);
    const problems: string[] = [];
    for (const { route, parameter } of cases) {
      const url = `${fill(route.path, () => 'x')}?${parameter.name}=${encodeURIComponent(`a${NUL}b`)}`;
      const reply = await send(route.method, url, { token: tokenFor(route) });
      if (reply.status !== 400 || !pathsOf(reply).includes(`query.${parameter.name}`)) {
        problems.push(`${route.method} ${route.path}?${parameter.name} answered ${reply.status}: ${reply.text}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 400 naming the field to a NUL character in a body string, a metadata value or a metadata key', async () => {
    const customer = (overrides: Json) => ({
      externalId: `nul-${Date.now()}-${Math.floor(Math.random() * 1e9)}`,
      email: 'nul@example.com',
      currency: 'USD',
      ...overrides,
    });
    const inName = await send('POST', '/api/customers', { body: customer({ name: `Ada${NUL}` }) });
    expect(inName.status).toBe(400);
    expect(pathsOf(inName)).toContain('body.name');
    const inValue = await send('POST', '/api/customers', { body: customer({ metadata: { crm: `A${NUL}1` } }) });
    expect(inValue.status).toBe(400);
    expect(pathsOf(inValue)).toContain('body.metadata.crm');
    const inKey = await send('POST', '/api/customers', { body: customer({ metadata: { [`c${NUL}rm`]: 'A1' } }) });
    expect(inKey.status).toBe(400);
    expect(pathsOf(inKey)).toContain('body.metadata');
  });

  it('names a NUL in a metadata key and a number beyond its maximum together, not the NUL alone', async () => {
    const reply = await send('POST', '/api/subscriptions', {
      body: {
        customerId: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W',
        planId: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4W',
        currency: 'USD',
        trialDays: 99_999_999_999.99,
        metadata: { [`c${NUL}rm`]: 'A1' },
      },
    });
    expect(reply.status).toBe(400);
    expect(pathsOf(reply)).toEqual(expect.arrayContaining(['body.metadata', 'body.trialDays']));
  });

  it('names an unknown property whose name holds NUL at its object: no path carries a NUL', async () => {
    const reply = await send('POST', '/api/customers', {
      body: { [`ex${NUL}tra`]: 1, externalId: 'nul-key', email: 'nul@example.com', currency: 'USD', nickname: 'x' },
    });
    expect(reply.status).toBe(400);
    expect(pathsOf(reply)).toEqual(['body', 'body.nickname']);
  });

  it('answers 400 to a JSON null body on a PATCH, whose absent body means no change', async () => {
    const plan = await send('POST', '/api/plans', {
      body: {
        name: 'Null body',
        code: 'null-body',
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 1 }],
      },
    });
    expect(plan.status).toBe(201);
    const reply = await fetch(`${api.url}/api/plans/${String(plan.body.id)}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${apiKey}` },
      body: 'null',
    });
    expect(reply.status).toBe(400);
  });

  it('answers 400 invalid_json to a malformed body holding NUL, escaping it rather than echoing it', async () => {
    const reply = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '\u0000',
    });
    const body = (await reply.json()) as { error: string; message: string };
    expect(reply.status).toBe(400);
    expect(body.error).toBe('invalid_json');
    expect(body.message).not.toContain('\u0000');
    expect(body.message).toContain('\\u0000');
  });

  it('answers 400 naming the field to a lone UTF-16 surrogate in a body string', async () => {
    const credential = await send('POST', '/api/payment-providers', {
      body: {
        provider: 'STRIPE',
        credentials: { secretKey: 'sk_test_\ud800', webhookSecret: 'whsec_5f1b0c2d4e6a8b9c0d1e2f3a' },
      },
    });
    expect(credential.status).toBe(400);
    expect(pathsOf(credential)).toContain('body.credentials.secretKey');
    const metadata = await send('POST', '/api/customers', {
      body: { externalId: `sur-${Date.now()}`, email: 'sur@example.com', currency: 'USD', metadata: { crm: '\udc00' } },
    });
    expect(metadata.status).toBe(400);
    expect(pathsOf(metadata)).toContain('body.metadata.crm');
  });

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'answers 404 to GET /api/docs/assets/%s',
    async (name) => {
      const reply = await send('GET', `/api/docs/assets/${name}`, { token: null });
      expect(reply.status).toBe(404);
    },
  );

  it.each([
    ['TRACE', '/api/customers', 'GET, HEAD, POST'],
    ['TRACE', '/health', 'GET, HEAD'],
    ['TRACE', '/api/no-such-route', ''],
    ['PROPFIND', '/api/customers', 'GET, HEAD, POST'],
  ])('answers 405 with an Allow header to %s %s', async (method, path, allow) => {
    const reply = await rawRequest(`${api.url}${path}`, method);
    expect(reply.status).toBe(405);
    expect(reply.allow).toBe(allow);
    expect(JSON.parse(reply.body)).toMatchObject({ statusCode: 405, error: 'method_not_allowed' });
  });

  it.each([
    ['GET', '/api/coupons/apply', 'POST'],
    ['DELETE', '/api/add-ons/applied/list', 'GET, HEAD'],
    ['PATCH', '/api/add-ons/apply', 'POST'],
  ])('answers 405 to %s %s: a concrete path wins over a templated one, as in OpenAPI', async (method, path, allow) => {
    const reply = await rawRequest(`${api.url}${path}`, method);
    expect(reply.status).toBe(405);
    expect(reply.allow).toBe(allow);
  });

  it.each([
    ['/api/add-ons/applied/list', 'GET, HEAD'],
    ['/api/coupons/cpn_01JD7X3Q8K9V2N4M6P8R0S2T4W', 'DELETE, GET, HEAD, PATCH'],
  ])('answers OPTIONS %s with the documented methods in Allow', async (path, allow) => {
    const reply = await rawRequest(`${api.url}${path}`, 'OPTIONS');
    expect(reply.status).toBe(204);
    expect(reply.allow).toBe(allow);
  });

  describe('an impossible date that fits the pattern', () => {
    it.each(['2026-13-45', '2026-02-30', '2026-02-29T10:00:00Z', '2026-12-31T23:59:60Z', '2026-01-01T24:00:00Z'])(
      'POST /invoices with dueDate %s is 400 naming body.dueDate',
      async (dueDate) => {
        const reply = await send('POST', '/api/invoices', {
          body: {
            customerId: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W',
            items: [{ description: 'x', quantity: 1, unitAmount: 1 }],
            dueDate,
          },
        });
        expect(reply.status).toBe(400);
        expect(pathsOf(reply)).toContain('body.dueDate');
      },
    );

    it.each(['2026-02-30', '2026-13-45', '2026-12-31T23:59:60Z'])(
      'GET /webhook-events?dateFrom=%s is 400 naming query.dateFrom',
      async (date) => {
        const reply = await send('GET', `/api/tenants/me/webhook-events?dateFrom=${encodeURIComponent(date)}`, {
          token: accessToken,
        });
        expect(reply.status).toBe(400);
        expect(pathsOf(reply)).toContain('query.dateFrom');
      },
    );

    it('POST /subscriptions with a leap second startDate is 400 naming body.startDate', async () => {
      const reply = await send('POST', '/api/subscriptions', {
        body: {
          customerId: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W',
          planId: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4W',
          currency: 'USD',
          startDate: '2026-12-31T23:59:60Z',
        },
      });
      expect(reply.status).toBe(400);
      expect(pathsOf(reply)).toContain('body.startDate');
    });

    it('POST /tenants/me/api-keys with a leap second expiresAt is 400 naming body.expiresAt', async () => {
      const reply = await send('POST', '/api/tenants/me/api-keys', {
        token: accessToken,
        body: { name: 'leap', scopes: ['customers:read'], expiresAt: '2030-12-31T23:59:60Z' },
      });
      expect(reply.status).toBe(400);
      expect(pathsOf(reply)).toContain('body.expiresAt');
    });
  });
});
