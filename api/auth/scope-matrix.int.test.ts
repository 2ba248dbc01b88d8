import { SCOPES } from '../../domain/auth/scopes';
import { newId } from '../../infra/ids';
import { generateApiKeySecret } from '../../services/platform/api-keys';
import { apiClient, type Json } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';

/**
 * The scope matrix: every API-key operation of the served document, each scope it documents withheld in turn, must
 * answer 403 naming that scope; a key with exactly the documented scopes passes the guard. Routes that return
 * another resource's records (a customer's invoices) need that resource's read scope too.
 */
let api: TestApi;
let tenant: TenantFixture;
const keys = new Map<string, string>();

async function keyWith(scopes: readonly string[]): Promise<string> {
  const name = [...scopes].sort().join(' ');
  const known = keys.get(name);
  if (known !== undefined) return known;
  const secret = generateApiKeySecret();
  await api.orm.em
    .getConnection()
    .execute(
      'insert into central.api_keys (id, tenant_id, name, scopes, prefix, key_hash) values (?, ?, ?, ?::jsonb, ?, ?)',
      [newId('apiKey'), tenant.tenantId, 'Matrix', JSON.stringify(scopes), secret.prefix, secret.hash],
      'run',
    );
  keys.set(name, secret.value);
  return secret.value;
}

beforeAll(async () => {
  api = await startTestApi();
  tenant = await createTenantFixture(api.orm, api.config);
});
afterAll(() => api.close());

const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));

interface Operation {
  method: string;
  path: string;
  operationId: string;
  scopes: string[];
}

async function apiKeyOperations(): Promise<Operation[]> {
  const document = (await call('GET', '/openapi.json', { token: null })).body as {
    paths: Record<string, Record<string, Json>>;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const security = operation.security as Record<string, unknown>[];
      if (!security.some((requirement) => 'apiKey' in requirement)) continue;
      const one = operation['x-required-scope'];
      const several = operation['x-required-scopes'];
      const scopes = typeof one === 'string' ? [one] : (several as string[] | undefined);
      if (scopes === undefined) throw new Error(`${String(operation.operationId)} documents no scope`);
      // Paths are absolute in the document (`/api/...`); the client is based at /api.
      const relative = path.replace(/^\/api/, '').replace(/\{[^}]+\}/g, 'x');
      operations.push({
        method: method.toUpperCase(),
        path: relative,
        operationId: String(operation.operationId),
        scopes,
      });
    }
  }
  return operations;
}

describe('a customer’s invoices, payments and subscriptions', () => {
  const customer = 'cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E';

  it.each([
    ['invoices', 'invoices:read'],
    ['payments', 'payments:read'],
    ['subscriptions', 'subscriptions:read'],
  ])('GET /customers/:id/%s needs customers:read and %s (403 naming the missing one)', async (relation, scope) => {
    const path = `/customers/${customer}/${relation}`;
    const customersOnly = await call('GET', path, { token: await keyWith(['customers:read']) });
    expect(customersOnly).toMatchObject({
      status: 403,
      body: { error: 'missing_scope', message: `Missing scope: ${scope}` },
    });
    const relationOnly = await call('GET', path, { token: await keyWith([scope]) });
    expect(relationOnly).toMatchObject({ status: 403, body: { message: 'Missing scope: customers:read' } });
    const neither = await call('GET', path, { token: await keyWith(['plans:read']) });
    expect(neither).toMatchObject({ status: 403, body: { message: `Missing scopes: customers:read, ${scope}` } });
    const both = await call('GET', path, { token: await keyWith(['customers:read', scope]) });
    expect(both).toMatchObject({ status: 404, body: { error: 'customer_not_found' } });
  });

  it('documents both scopes on each operation', async () => {
    const documented = Object.fromEntries(
      (await apiKeyOperations()).map(({ operationId, scopes }) => [operationId, scopes]),
    );
    expect(documented).toMatchObject({
      listCustomerInvoices: ['customers:read', 'invoices:read'],
      listCustomerPayments: ['customers:read', 'payments:read'],
      listCustomerSubscriptions: ['customers:read', 'subscriptions:read'],
    });
  });
});

describe('every API-key operation', () => {
  it('answers 403 naming each documented scope the key lacks', async () => {
    const failures: string[] = [];
    for (const operation of await apiKeyOperations()) {
      for (const scope of operation.scopes) {
        const token = await keyWith(SCOPES.filter((granted) => granted !== scope));
        const reply = await call(operation.method, operation.path, { token });
        if (reply.status !== 403 || reply.body.message !== `Missing scope: ${scope}`) {
          failures.push(`${operation.operationId} without ${scope}: ${reply.status} ${String(reply.body.message)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a key with exactly the documented scopes past the guard (reads)', async () => {
    const failures: string[] = [];
    for (const operation of (await apiKeyOperations()).filter(({ method }) => method === 'GET')) {
      const reply = await call(operation.method, operation.path, { token: await keyWith(operation.scopes) });
      if (reply.status === 403) failures.push(`${operation.operationId}: ${String(reply.body.message)}`);
    }
    expect(failures).toEqual([]);
  });
});
