import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

describe('billable metrics (/billable-metrics)', () => {
  const { api, call } = setUpResourceTest();

  const storage = { name: 'Storage', code: 'storage_gb', aggregationType: 'SUM', fieldName: 'gb' };
  const create = (body: unknown = storage) => call('POST', '/billable-metrics', { body });
  const detailPaths = (body: Json) => (body.details as { path: string }[]).map((detail) => detail.path);

  it('creates a metric with defaults and reads it back', async () => {
    const created = await create({ ...storage, filters: [{ key: 'region', values: ['eu', 'us'] }] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^bm_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      ...storage,
      description: null,
      recurring: false,
      filters: [{ key: 'region', values: ['eu', 'us'] }],
    });
    const read = await call('GET', `/billable-metrics/${String(created.body.id)}`);
    expect(read).toEqual({ status: 200, body: created.body });
  });

  it('creates a COUNT metric without fieldName and a recurring SUM metric', async () => {
    expect((await create({ name: 'Calls', code: 'calls', aggregationType: 'COUNT' })).status).toBe(201);
    const recurring = await create({ ...storage, code: 'seats', recurring: true });
    expect(recurring.body).toMatchObject({ recurring: true });
  });

  it.each([
    ['fieldName missing for SUM', { name: 'x', code: 'x', aggregationType: 'SUM' }, 'body.fieldName'],
    ['recurring on MAX', { ...storage, aggregationType: 'MAX', recurring: true }, 'body.recurring'],
    ['a bad code', { ...storage, code: 'Storage GB' }, 'body.code'],
    ['an unknown aggregation', { ...storage, aggregationType: 'AVG' }, 'body.aggregationType'],
    ['an unknown property', { ...storage, unit: 'GB' }, 'body.unit'],
    ['empty filter values', { ...storage, filters: [{ key: 'region', values: [] }] }, 'body.filters.0.values'],
    ['repeated filter values', { ...storage, filters: [{ key: 'r', values: ['a', 'a'] }] }, 'body.filters.0.values'],
    [
      'repeated filter keys',
      {
        ...storage,
        filters: [
          { key: 'r', values: ['a'] },
          { key: 'r', values: ['b'] },
        ],
      },
      'body.filters.1.key',
    ],
  ])('refuses %s with 400 naming the field', async (_name, body, path) => {
    const reply = await create(body);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_failed');
    expect(detailPaths(reply.body)).toContain(path);
  });

  it('answers 409 billable_metric_code_taken for a second metric with the same code', async () => {
    expect((await create()).status).toBe(201);
    const again = await create({ ...storage, name: 'Other' });
    expect(again).toMatchObject({ status: 409, body: { error: 'billable_metric_code_taken' } });
  });

  it('answers 401 without a key and 403 without the scope, naming it', async () => {
    expect((await call('GET', '/billable-metrics', { token: null })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['metrics:read'] });
    const refused = await call('POST', '/billable-metrics', { token: reader.apiKey, body: storage });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('metrics:write');
    const plansOnly = await createTenantFixture(api.orm, api.config, { scopes: ['plans:read'] });
    expect((await call('GET', '/billable-metrics', { token: plansOnly.apiKey })).body.message).toContain(
      'metrics:read',
    );
  });

  it('answers 404 for an unknown id and for another tenant’s metric', async () => {
    const created = await create();
    expect((await call('GET', '/billable-metrics/bm_unknown')).body.error).toBe('billable_metric_not_found');
    const other = await createTenantFixture(api.orm, api.config);
    const path = `/billable-metrics/${String(created.body.id)}`;
    for (const method of ['GET', 'DELETE']) {
      expect(await call(method, path, { token: other.apiKey })).toMatchObject({ status: 404 });
    }
    expect((await call('PATCH', path, { token: other.apiKey, body: { name: 'x' } })).status).toBe(404);
  });

  it('lists newest first with the envelope and pages', async () => {
    for (const code of ['a', 'b', 'c']) expect((await create({ ...storage, code })).status).toBe(201);
    const first = await call('GET', '/billable-metrics?limit=2');
    expect(first.status).toBe(200);
    expect((first.body.data as Json[]).map((metric) => metric.code)).toEqual(['c', 'b']);
    expect(first.body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    const second = await call('GET', '/billable-metrics?limit=2&page=2');
    expect((second.body.data as Json[]).map((metric) => metric.code)).toEqual(['a']);
    expect((await call('GET', '/billable-metrics?limit=101')).status).toBe(400);
  });

  it('updates the mutable fields and applies the creation rules to the result', async () => {
    const id = String((await create()).body.id);
    const path = `/billable-metrics/${id}`;
    const updated = await call('PATCH', path, {
      body: { name: 'Disk', description: 'GB stored', recurring: true, filters: [{ key: 'tier', values: ['hot'] }] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Disk', description: 'GB stored', recurring: true, code: 'storage_gb' });
    expect(detailPaths((await call('PATCH', path, { body: { fieldName: null } })).body)).toContain('body.fieldName');
    expect(detailPaths((await call('PATCH', path, { body: { code: 'other' } })).body)).toContain('body.code');
    expect((await call('PATCH', path, { body: {} })).status).toBe(400);
  });

  it('keeps both fields when PATCHes of different fields race (ten rounds)', async () => {
    const id = String((await create()).body.id);
    const path = `/billable-metrics/${id}`;
    for (let round = 0; round < 10; round += 1) {
      const replies = await Promise.all([
        call('PATCH', path, { body: { name: `Name ${round}` } }),
        call('PATCH', path, { body: { description: `Description ${round}` } }),
      ]);
      expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
      const read = await call('GET', path);
      expect(read.body).toMatchObject({ name: `Name ${round}`, description: `Description ${round}` });
    }
  });

  it('deletes an unused metric, then answers 404', async () => {
    const id = String((await create()).body.id);
    const deleted = await call('DELETE', `/billable-metrics/${id}`);
    expect(deleted).toMatchObject({ status: 200, body: { id, code: 'storage_gb' } });
    expect((await call('GET', `/billable-metrics/${id}`)).status).toBe(404);
  });
});
