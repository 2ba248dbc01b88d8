import { fetch } from 'undici';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';

/** CONTRACT §2: a dependency that is unavailable is 503, never a 500; here PostgreSQL refuses every connection. */
describe('PostgreSQL unavailable', () => {
  let api: TestApi;

  beforeAll(async () => {
    // Port 1 on loopback: nothing listens, so every connection is refused at once.
    api = await startTestApi({ env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/billing' } });
  });
  afterAll(() => api.close());

  it.each([
    [
      'an API-key route',
      'GET',
      '/api/customers',
      { Authorization: 'Bearer sk_live_unknownunknownunknownunknownunknown1' },
    ],
    ['login', 'POST', '/api/auth/login', { 'Content-Type': 'application/json' }],
  ])('answers %s with 503 database_unavailable and Retry-After', async (_name, method, path, headers) => {
    const response = await fetch(`${api.url}${path}`, {
      method,
      headers,
      ...(method === 'POST' ? { body: JSON.stringify({ email: 'a@example.com', password: 'long enough' }) } : {}),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toMatchObject({ statusCode: 503, error: 'database_unavailable' });
  });
});
