import { callApi } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';

/**
 * The statements one request sends to PostgreSQL (issue 15: every request wrote twice): raw SQL through the ORM's
 * connection, and prepared statements straight on its pool.
 */
async function statementsOf(api: TestApi, request: () => Promise<unknown>): Promise<string[]> {
  const connection = api.orm.em.getConnection();
  const pool = (await connection.getNativeClient()) as { query: (config: { text: string }) => Promise<unknown> };
  const execute = jest.spyOn(connection, 'execute');
  const prepared = jest.spyOn(pool, 'query');
  try {
    await request();
    const texts = [
      ...execute.mock.calls.map(([query]) => (typeof query === 'string' ? query : '')),
      ...prepared.mock.calls.map(([config]) => config.text),
    ];
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  } finally {
    execute.mockRestore();
    prepared.mockRestore();
  }
}

const HOUR = 3_600_000;

describe('the request path (issue 15)', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let customerUrl: string;
  beforeAll(async () => {
    // Counts are written only when the test flushes them: a timed flush in between would make the counts seen from
    // another process depend on the machine's speed.
    api = await startTestApi({ requestCountFlushMs: HOUR });
    tenant = await createTenantFixture(api.orm, api.config);
    const created = await callApi(`${api.url}/api/customers`, {
      method: 'POST',
      token: tenant.apiKey,
      body: { externalId: 'hot-path', email: 'hot@example.com', name: 'Hot path', currency: 'EUR' },
    });
    expect(created.status).toBe(201);
    customerUrl = `${api.url}/api/customers/${String(created.body.id)}`;
  });
  afterAll(() => api.close());

  it('GET /customers/:id with a recently used key is one rate-limit statement and the read', async () => {
    expect((await callApi(customerUrl, { token: tenant.apiKey })).status).toBe(200);
    const statements = await statementsOf(api, async () => {
      expect((await callApi(customerUrl, { token: tenant.apiKey })).status).toBe(200);
    });
    const touching = (table: string) => statements.filter((statement) => statement.includes(table));
    expect(touching('central.rate_limit_windows')).toHaveLength(1);
    expect(touching('central.request_counts')).toEqual([]);
    expect(touching('central.api_keys')).toEqual([]);
    expect(statements).toHaveLength(2);
  });

  it('counts requests in memory: exact in GET /tenants/me/usage of this process, in others after the flush', async () => {
    const counter = await createTenantFixture(api.orm, api.config);
    const usageOn = async (on: TestApi) => {
      const usage = await callApi(`${on.url}/api/tenants/me/usage`, { token: counter.accessToken });
      expect(usage.status).toBe(200);
      return usage.body.requestsThisMonth;
    };
    for (let index = 0; index < 3; index += 1) {
      expect((await callApi(`${api.url}/api/customers`, { token: counter.apiKey })).status).toBe(200);
    }
    const other = await startTestApi({ requestCountFlushMs: HOUR });
    try {
      expect(await usageOn(api)).toBe(4); // three GETs and this usage request, none written yet
      expect(await usageOn(other)).toBe(1); // only its own request: the first process has not flushed
      await api.requestPath.requestCounts.flush();
      expect(await usageOn(other)).toBe(6);
    } finally {
      await other.close();
    }
  });

  it('keeps rate-limit windows in an UNLOGGED table', async () => {
    const rows = await api.orm.em
      .getConnection()
      .execute<{ relpersistence: string }[]>(
        `select relpersistence from pg_class where oid = 'central.rate_limit_windows'::regclass`,
      );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});
