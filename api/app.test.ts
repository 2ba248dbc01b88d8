import { startTestApi, type TestApi } from '../test/harness/api-harness';

describe('API shell', () => {
  let server: TestApi;

  beforeAll(async () => {
    server = await startTestApi();
  });
  afterAll(() => server.close());

  it('answers an unknown route with the contract error body and a request id', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.json()).toEqual({
      statusCode: 404,
      error: 'route_not_found',
      message: 'No route for GET /api/nothing-here',
    });
  });

  it('echoes a well-formed client request id and replaces a malformed one', async () => {
    const echoed = await fetch(`${server.url}/health`, { headers: { 'X-Request-Id': 'client-abc.123' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-abc.123');
    const replaced = await fetch(`${server.url}/health`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ statusCode: 415, error: 'unsupported_media_type' });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const body = JSON.stringify({ blob: 'x'.repeat(1024 * 1024) });
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ statusCode: 413, error: 'payload_too_large' });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await fetch(`${server.url}/api/health`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, error: 'invalid_json' });
  });

  it('answers a known path with the wrong method with 405', async () => {
    const response = await fetch(`${server.url}/api/health`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ statusCode: 405, error: 'method_not_allowed' });
  });

  it('serves the OpenAPI document and an offline API reference', async () => {
    const document = await fetch(`${server.url}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(await document.json()).toMatchObject({ openapi: '3.0.3' });

    const page = await fetch(`${server.url}/api/docs`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const assets = [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.every((asset) => asset.startsWith('/api/docs/assets/'))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(`${server.url}${asset}`);
      expect(`${asset} ${response.status}`).toBe(`${asset} 200`);
    }
    const bundle = await fetch(`${server.url}/api/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.headers.get('content-type')).toContain('javascript');
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
  });

  it('does not serve files outside the docs allow-list', async () => {
    const response = await fetch(`${server.url}/api/docs/assets/..%2Fpackage.json`);
    expect(response.status).toBe(404);
  });

  it('logs one structured line per request with id, method, route, status and duration', async () => {
    await fetch(`${server.url}/api/health`, { headers: { 'X-Request-Id': 'log-check-1' } });
    const line = server.logs().find((entry) => entry.requestId === 'log-check-1');
    expect(line).toMatchObject({ method: 'GET', route: '/api/health', status: 200, msg: 'request' });
    expect(typeof line?.durationMs).toBe('number');
  });
});
