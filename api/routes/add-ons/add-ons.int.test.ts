import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import {
  createThroughApi,
  expectKeyRequired,
  expectNotFoundAtEach,
} from '../../../test/fixtures/catalog-resource-checks';
import { detailPaths } from '../../../test/fixtures/error-details';
import { fetchOpenApiDocument } from '../../../test/fixtures/openapi-document';

const UNKNOWN_ADD_ON = 'aon_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;

describe('add-ons (/add-ons)', () => {
  const { api, tenant, call } = setUpResourceTest();

  let codes = 0;
  const addOn = (extra: Json = {}) => ({ name: 'Setup', code: `setup-${++codes}`, type: 'ONE_TIME', ...extra });
  const createAddOn = (extra: Json = {}) => createThroughApi(call, '/add-ons', addOn(extra));

  it('documents AddOn as a named OpenAPI component with examples', async () => {
    const document = await fetchOpenApiDocument(api);
    const { schemas } = document.components;
    expect(schemas.AddOn?.properties?.code?.example).toBe('setup-fee');
    expect(schemas.AppliedAddOn?.properties?.id?.example).toMatch(/^aaon_/);
    expect(schemas.CreateAddOnRequest?.example).toMatchObject({ code: 'setup-fee' });
    expect(Object.keys(document.paths['/api/add-ons/applied/{id}'] ?? {})).toEqual(['delete']);
  });

  describe('create', () => {
    it('creates an add-on with exact per-currency prices', async () => {
      const { status, body } = await call('POST', '/add-ons', {
        body: {
          ...addOn({ code: 'setup-fee', type: 'RECURRING' }),
          description: 'Onboarding',
          invoiceDisplayName: 'Setup',
          prices: [
            { currency: 'usd', amount: 49.99 },
            { currency: 'JPY', amount: 1500 },
            { currency: 'KWD', amount: 1.234 },
          ],
        },
      });
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.stringMatching(/^aon_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        name: 'Setup',
        code: 'setup-fee',
        description: 'Onboarding',
        type: 'RECURRING',
        invoiceDisplayName: 'Setup',
        prices: [
          { currency: 'USD', amount: 49.99 },
          { currency: 'JPY', amount: 1500 },
          { currency: 'KWD', amount: 1.234 },
        ],
        createdAt: TIMESTAMP,
        updatedAt: TIMESTAMP,
      });
      expect((await call('GET', `/add-ons/${String(body.id)}`)).body).toEqual(body);
      const minimal = await createAddOn();
      expect(minimal).toMatchObject({ description: null, invoiceDisplayName: null, prices: [] });
    });

    it.each([
      [{ prices: [{ currency: 'USD', amount: 49.999 }] }, 'body.prices.0.amount'],
      [
        {
          prices: [
            { currency: 'EUR', amount: 1 },
            { currency: 'JPY', amount: 1500.5 },
          ],
        },
        'body.prices.1.amount',
      ],
      [{ prices: [{ currency: 'USD', amount: -1 }] }, 'body.prices.0.amount'],
      [{ prices: [{ currency: 'ZZZ', amount: 1 }] }, 'body.prices.0.currency'],
      [
        {
          prices: [
            { currency: 'usd', amount: 1 },
            { currency: 'USD', amount: 2 },
          ],
        },
        'body.prices.1.currency',
      ],
      [{ code: 'Setup' }, 'body.code'],
      [{ code: '-setup' }, 'body.code'],
      [{ code: 'x'.repeat(65) }, 'body.code'],
      [{ name: ' ' }, 'body.name'],
      [{ type: 'WEEKLY' }, 'body.type'],
      [{ tenantId: 'ten_01JD0000000000000000000000' }, 'body.tenantId'],
    ])('refuses %j naming %s', async (extra, path) => {
      const { status, body } = await call('POST', '/add-ons', { body: addOn(extra) });
      expect(status).toBe(400);
      expect(body.error).toBe('validation_failed');
      expect(detailPaths(body)).toContain(path);
    });

    it('refuses a missing name, code or type', async () => {
      const { status, body } = await call('POST', '/add-ons', { body: {} });
      expect(status).toBe(400);
      expect(detailPaths(body)).toEqual(expect.arrayContaining(['body.name', 'body.code', 'body.type']));
    });

    it('refuses a code already used in the tenant with 409, but not one used by another tenant', async () => {
      await createAddOn({ code: 'setup' });
      const again = await call('POST', '/add-ons', { body: addOn({ code: 'setup' }) });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ statusCode: 409, error: 'add_on_code_taken' });
      const other = await createTenantFixture(api.orm, api.config);
      expect((await call('POST', '/add-ons', { token: other.apiKey, body: addOn({ code: 'setup' }) })).status).toBe(
        201,
      );
    });
  });

  describe('authorisation', () => {
    it('answers 401 without a key and with the owner’s JWT', async () => {
      await expectKeyRequired(call, { path: '/add-ons', body: addOn(), ownerJwt: tenant.accessToken });
    });

    it('answers 403 naming add_ons:write to a reader, and add_ons:read to a key without it', async () => {
      const reader = await createTenantFixture(api.orm, api.config, { scopes: ['add_ons:read'] });
      expect((await call('GET', '/add-ons', { token: reader.apiKey })).status).toBe(200);
      expect((await call('GET', '/add-ons/applied/list', { token: reader.apiKey })).status).toBe(200);
      for (const [method, path, body] of [
        ['POST', '/add-ons', addOn()],
        ['PATCH', `/add-ons/${UNKNOWN_ADD_ON}`, { name: 'x' }],
        ['DELETE', `/add-ons/${UNKNOWN_ADD_ON}`, undefined],
        ['POST', '/add-ons/apply', { addOnId: UNKNOWN_ADD_ON, customerId: 'cust_x' }],
        ['DELETE', '/add-ons/applied/aaon_01JD0000000000000000000000', undefined],
      ] as const) {
        const reply = await call(method, path, { token: reader.apiKey, body });
        expect(reply.status).toBe(403);
        expect(reply.body.message).toBe('Missing scope: add_ons:write');
      }
      const stranger = await createTenantFixture(api.orm, api.config, { scopes: ['plans:read'] });
      for (const path of ['/add-ons', `/add-ons/${UNKNOWN_ADD_ON}`, '/add-ons/applied/list']) {
        const refused = await call('GET', path, { token: stranger.apiKey });
        expect(refused.status).toBe(403);
        expect(refused.body.message).toBe('Missing scope: add_ons:read');
      }
    });
  });

  describe('read', () => {
    it('lists add-ons newest first in pages', async () => {
      const first = await createAddOn({ prices: [{ currency: 'USD', amount: 10 }] });
      const second = await createAddOn();
      const third = await createAddOn();
      const all = await call('GET', '/add-ons');
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
      expect((all.body.data as Json[]).map((item) => item.id)).toEqual([third.id, second.id, first.id]);
      expect((all.body.data as Json[])[2]).toEqual(first);
      const page = await call('GET', '/add-ons?page=2&limit=2');
      expect(page.body).toEqual({ data: [first], meta: { total: 3, page: 2, limit: 2, totalPages: 2 } });
    });

    it.each(['page=0', 'limit=101', 'limit=x', 'type=ONE_TIME'])('refuses the query %s', async (query) => {
      expect((await call('GET', `/add-ons?${query}`)).status).toBe(400);
    });

    it('answers 404 add_on_not_found for an unknown id, a malformed id and another tenant’s add-on', async () => {
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('POST', '/add-ons', { token: other.apiKey, body: addOn() });
      const ids = [UNKNOWN_ADD_ON, 'nope', String(theirs.body.id)];
      await expectNotFoundAtEach(call, { path: '/add-ons', ids, error: 'add_on_not_found' });
      expect((await call('GET', `/add-ons/${String(theirs.body.id)}`, { token: other.apiKey })).body.name).toBe(
        'Setup',
      );
    });
  });

  describe('update', () => {
    it('updates the fields, replaces the price list when given and keeps it otherwise', async () => {
      const created = await createAddOn({ description: 'old', prices: [{ currency: 'USD', amount: 5 }] });
      const { status, body } = await call('PATCH', `/add-ons/${String(created.id)}`, {
        body: {
          name: 'Setup 2',
          description: null,
          type: 'RECURRING',
          invoiceDisplayName: 'Setup line',
          prices: [
            { currency: 'jpy', amount: 700 },
            { currency: 'EUR', amount: 4.5 },
          ],
        },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        ...created,
        name: 'Setup 2',
        description: null,
        type: 'RECURRING',
        invoiceDisplayName: 'Setup line',
        prices: [
          { currency: 'JPY', amount: 700 },
          { currency: 'EUR', amount: 4.5 },
        ],
        updatedAt: TIMESTAMP,
      });
      const renamed = await call('PATCH', `/add-ons/${String(created.id)}`, { body: { invoiceDisplayName: null } });
      expect(renamed.body).toMatchObject({ invoiceDisplayName: null, prices: body.prices });
      const cleared = await call('PATCH', `/add-ons/${String(created.id)}`, { body: { prices: [] } });
      expect(cleared.body.prices).toEqual([]);
    });

    it.each([
      [{ code: 'renamed' }, 'body.code'],
      [{ name: '' }, 'body.name'],
      [{ type: 'SOMETIMES' }, 'body.type'],
      [{ prices: [{ currency: 'USD', amount: 49.999 }] }, 'body.prices.0.amount'],
      [
        {
          prices: [
            { currency: 'EUR', amount: 1 },
            { currency: 'eur', amount: 2 },
          ],
        },
        'body.prices.1.currency',
      ],
    ])('refuses %j naming %s and changes nothing', async (change, path) => {
      const created = await createAddOn({ prices: [{ currency: 'USD', amount: 5 }] });
      const { status, body } = await call('PATCH', `/add-ons/${String(created.id)}`, { body: change });
      expect(status).toBe(400);
      expect(detailPaths(body)).toContain(path);
      expect((await call('GET', `/add-ons/${String(created.id)}`)).body).toEqual(created);
    });
  });

  describe('delete', () => {
    it('deletes an add-on, returns it, hides it and frees its code', async () => {
      const created = await createAddOn({ code: 'gone', prices: [{ currency: 'USD', amount: 1 }] });
      const deleted = await call('DELETE', `/add-ons/${String(created.id)}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(created);
      expect((await call('GET', `/add-ons/${String(created.id)}`)).status).toBe(404);
      expect((await call('DELETE', `/add-ons/${String(created.id)}`)).status).toBe(404);
      expect((await call('GET', '/add-ons')).body.meta).toMatchObject({ total: 0 });
      expect((await call('POST', '/add-ons', { body: addOn({ code: 'gone' }) })).status).toBe(201);
    });
  });
});
