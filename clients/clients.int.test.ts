import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestApi, type TestApi } from '../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../test/fixtures/tenant-fixture';
import { CLIENT_FILES, generateClientFiles } from './generate';
import { createBillingClient } from './typescript';

const root = join(__dirname, '..');

describe('generated clients', () => {
  it('match the served OpenAPI document (regenerate with npm run clients:generate)', async () => {
    const document = JSON.parse(await readFile(join(root, 'api', 'openapi', 'openapi.golden.json'), 'utf8')) as object;
    const generated = await generateClientFiles(document);
    for (const [name, path] of Object.entries(CLIENT_FILES)) {
      const committed = await readFile(join(root, path), 'utf8');
      expect({ path, matches: committed === generated[name as keyof typeof CLIENT_FILES] }).toEqual({
        path,
        matches: true,
      });
    }
  });

  it('the Postman collection has every documented operation, with its documented body', async () => {
    const document = JSON.parse(await readFile(join(root, 'api', 'openapi', 'openapi.golden.json'), 'utf8')) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const collection = JSON.parse(await readFile(join(root, CLIENT_FILES.collection), 'utf8')) as { item: unknown[] };
    const requests: { method: string; path: string; raw?: string }[] = [];
    const walk = (items: unknown[]) => {
      type Item = { item?: unknown[]; request?: { method: string; url: { path: string[] }; body?: { raw?: string } } };
      for (const item of items as Item[]) {
        if (item.item !== undefined) walk(item.item);
        else if (item.request !== undefined) {
          const path = `/${item.request.url.path.map((part) => part.replace(/^:(.+)$/, '{$1}')).join('/')}`;
          const raw = item.request.body?.raw;
          requests.push({ method: item.request.method.toLowerCase(), path, ...(raw === undefined ? {} : { raw }) });
        }
      }
    };
    walk(collection.item);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method} ${path}`),
    );
    // Checkout is there twice, for each of its documented bodies.
    expect([...new Set(requests.map(({ method, path }) => `${method} ${path}`))].sort()).toEqual(documented.sort());
    const applyCoupon = requests.find(({ method, path }) => method === 'post' && path === '/api/coupons/apply');
    expect(JSON.parse(applyCoupon?.raw ?? 'null')).toEqual({
      couponCode: 'blackfriday',
      customerId: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W',
    });
  });

  describe('the TypeScript client against the API', () => {
    let api: TestApi;
    let tenant: TenantFixture;
    beforeAll(async () => {
      api = await startTestApi();
      tenant = await createTenantFixture(api.orm, api.config);
    });
    afterAll(() => api.close());

    it('creates and reads a customer, typed, and hands back the documented error body', async () => {
      const billing = createBillingClient({ baseUrl: api.url, token: tenant.apiKey });
      const created = await billing.POST('/api/customers', {
        body: { externalId: 'typed-client', name: 'Typed Client Ltd', email: 'ap@typed.example', currency: 'EUR' },
      });
      expect(created.response.status).toBe(201);
      const id = created.data?.id ?? '';
      const read = await billing.GET('/api/customers/{id}', { params: { path: { id } } });
      expect(read.data).toMatchObject({ id, externalId: 'typed-client', currency: 'EUR' });

      const duplicate = await billing.POST('/api/customers', {
        body: { externalId: 'typed-client', email: 'ap@typed.example', currency: 'EUR' },
      });
      expect(duplicate.response.status).toBe(409);
      expect(duplicate.error).toMatchObject({
        error: expect.any(String) as unknown,
        message: expect.any(String) as unknown,
      });

      const anonymous = await createBillingClient({ baseUrl: api.url }).GET('/api/customers');
      expect(anonymous.response.status).toBe(401);
    });
  });
});
