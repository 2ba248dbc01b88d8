import { randomBytes } from 'node:crypto';
import { newId } from '../../../infra/ids';
import type { Json } from '../../../test/harness/api-client';
import { tenantSchemaSql } from '../../../test/harness/tenant-schema-sql';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

interface ListBody {
  data: Json[];
  meta: { total: number; page: number; limit: number; totalPages: number };
}

const { api, call } = setUpResourceTest({ tenant: 'all' });
let other: TenantFixture;

beforeAll(async () => {
  other = await createTenantFixture(api.orm, api.config);
});

const unique = () => randomBytes(5).toString('hex');
const customerBody = (overrides: Json = {}) => ({
  externalId: `ext-${unique()}`,
  email: 'billing@acme.example',
  currency: 'USD',
  ...overrides,
});

/** POST /customers, the route under test, with a valid body and `overrides`: the record of the 201 reply. */
async function postCustomer(overrides: Json = {}, key?: string): Promise<Json> {
  const reply = await call('POST', '/customers', {
    body: customerBody(overrides),
    ...(key === undefined ? {} : { token: key }),
  });
  expect(reply).toMatchObject({ status: 201 });
  return reply.body;
}

const list = async (path: string, key?: string) => {
  const reply = await call('GET', path, key === undefined ? {} : { token: key });
  expect(reply.status).toBe(200);
  return reply.body as unknown as ListBody;
};

describe('POST /customers', () => {
  it('creates a customer with every field and returns the record', async () => {
    const externalId = `crm-${unique()}`;
    const reply = await call('POST', '/customers', {
      body: {
        externalId,
        name: 'Acme GmbH',
        email: 'billing@acme.example',
        country: 'de',
        currency: 'eur',
        timezone: 'europe/berlin',
        netPaymentTerms: 14,
        metadata: { crmId: 'A-1042' },
      },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      id: expect.stringMatching(/^cust_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      externalId,
      name: 'Acme GmbH',
      email: 'billing@acme.example',
      country: 'DE',
      currency: 'EUR',
      timezone: 'Europe/Berlin',
      netPaymentTerms: 14,
      metadata: { crmId: 'A-1042' },
      testClockId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
  });

  it('defaults the optional fields to null, metadata to {} and the time zone to the tenant’s', async () => {
    const created = await postCustomer();
    expect(created).toMatchObject({ name: null, country: null, timezone: 'UTC', netPaymentTerms: null, metadata: {} });
  });

  it('shows a customer created without a time zone in the tenant’s, following it when it changes', async () => {
    const asOther = { token: other.apiKey };
    const created = await call('POST', '/customers', { ...asOther, body: customerBody() });
    expect([created.status, created.body.timezone]).toEqual([201, 'UTC']);
    const own = await call('POST', '/customers', { ...asOther, body: customerBody({ timezone: 'Asia/Tokyo' }) });
    const moved = await call('PATCH', '/tenants/me', {
      token: other.accessToken,
      body: { settings: { timezone: 'Europe/Berlin' } },
    });
    expect(moved.status).toBe(200);
    const read = await call('GET', `/customers/${String(created.body.id)}`, asOther);
    expect(read.body.timezone).toBe('Europe/Berlin');
    const listed = await call<ListBody>('GET', '/customers?limit=100', asOther);
    const zones = new Map(listed.body.data.map((customer) => [customer.id, customer.timezone]));
    expect([zones.get(created.body.id), zones.get(own.body.id)]).toEqual(['Europe/Berlin', 'Asia/Tokyo']);
  });

  it.each([
    ['an unknown currency', { currency: 'XYZ' }, 'body.currency'],
    ['an unknown country', { country: 'XX' }, 'body.country'],
    ['a malformed currency', { currency: 'US' }, 'body.currency'],
    ['an unknown property', { plan: 'gold' }, 'body.plan'],
    ['a bad e-mail', { email: 'not-an-email' }, 'body.email'],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'body.timezone'],
    ['a UTC offset as time zone', { timezone: '+05:00' }, 'body.timezone'],
    ['net payment terms over 365', { netPaymentTerms: 366 }, 'body.netPaymentTerms'],
    ['an empty externalId', { externalId: '' }, 'body.externalId'],
    ['a metadata value that is not a string', { metadata: { tier: 1 } }, 'body.metadata.tier'],
  ])('answers 400 to %s, naming the field', async (_name, overrides, path) => {
    const reply = await call('POST', '/customers', { body: customerBody(overrides) });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_failed');
    expect(reply.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it('takes currency and country codes in any case, and names the code list, not its pattern, in a refusal', async () => {
    const mixed = await call('POST', '/customers', { body: customerBody({ currency: 'uSd', country: 'dE' }) });
    expect([mixed.status, mixed.body.currency, mixed.body.country]).toEqual([201, 'USD', 'DE']);
    const unknown = await call('POST', '/customers', {
      body: customerBody({ currency: 'XYZ', timezone: 'Mars/Base' }),
    });
    expect(unknown.body.details).toEqual([
      {
        path: 'body.currency',
        message:
          'is not one of the allowed values (ISO 4217 alphabetic code with a minor unit, any case; stored and returned upper case)',
      },
      {
        path: 'body.timezone',
        message: expect.stringMatching(/^is not one of the allowed values \(IANA time zone/) as unknown,
      },
    ]);
  });

  it('answers 400 when a required field is missing', async () => {
    const reply = await call('POST', '/customers', { body: { externalId: `ext-${unique()}`, currency: 'USD' } });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual([{ path: 'body.email', message: 'is required' }]);
  });

  it('answers 409 customer_external_id_taken for a live customer’s externalId, and frees it on delete', async () => {
    const created = await postCustomer();
    const again = await call('POST', '/customers', { body: customerBody({ externalId: created.externalId }) });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('customer_external_id_taken');
    expect((await call('DELETE', `/customers/${String(created.id)}`)).status).toBe(200);
    const reused = await call('POST', '/customers', { body: customerBody({ externalId: created.externalId }) });
    expect(reused.status).toBe(201);
    expect(reused.body.id).not.toBe(created.id);
  });

  it('lets another tenant use the same externalId', async () => {
    const created = await postCustomer();
    await postCustomer({ externalId: created.externalId }, other.apiKey);
  });

  it('answers 401 without credentials and 403 naming the scope to a key without customers:write', async () => {
    expect((await call('POST', '/customers', { token: null, body: customerBody() })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
    const reply = await call('POST', '/customers', { token: reader.apiKey, body: customerBody() });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain('customers:write');
    expect((await call('GET', '/customers', { token: reader.apiKey })).status).toBe(200);
  });
});

describe('GET /customers/:id', () => {
  it('returns the customer', async () => {
    const created = await postCustomer({ name: 'Globex' });
    const reply = await call('GET', `/customers/${String(created.id)}`);
    expect(reply).toEqual({ status: 200, body: created });
  });

  it.each([
    ['an unknown id', () => Promise.resolve('cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E')],
    ['a malformed id', () => Promise.resolve('nope')],
    ['another tenant’s customer', async () => String((await postCustomer({}, other.apiKey)).id)],
  ])('answers 404 customer_not_found for %s', async (_name, idOf) => {
    const reply = await call('GET', `/customers/${await idOf()}`);
    expect(reply.status).toBe(404);
    expect(reply.body.error).toBe('customer_not_found');
  });

  it('answers 403 to a key without customers:read', async () => {
    const writer = await createTenantFixture(api.orm, api.config, { scopes: ['plans:read'] });
    const reply = await call('GET', '/customers/cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E', { token: writer.apiKey });
    expect(reply.status).toBe(403);
    expect(reply.body.message).toContain('customers:read');
  });
});

describe('PATCH /customers/:id', () => {
  it('changes only the given properties, normalises codes and clears with null (the time zone back to the tenant’s)', async () => {
    const created = await postCustomer({ name: 'Before', country: 'FR', timezone: 'Europe/Paris' });
    const reply = await call('PATCH', `/customers/${String(created.id)}`, {
      body: { name: 'After', currency: 'gbp', timezone: null, metadata: { a: 'b' } },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: created.id,
      externalId: created.externalId,
      name: 'After',
      country: 'FR',
      currency: 'GBP',
      timezone: 'UTC',
      metadata: { a: 'b' },
      createdAt: created.createdAt,
    });
    expect(Date.parse(String(reply.body.updatedAt))).toBeGreaterThanOrEqual(Date.parse(String(created.updatedAt)));
    expect((await call('GET', `/customers/${String(created.id)}`)).body).toEqual(reply.body);
  });

  it('answers 400 to an empty body, an unknown property and a bad country', async () => {
    const path = `/customers/${String((await postCustomer()).id)}`;
    for (const body of [{}, { plan: 'gold' }, { country: 'ZZ' }, { email: null }]) {
      expect((await call('PATCH', path, { body })).status).toBe(400);
    }
  });

  it('answers 409 when the new externalId is another live customer’s', async () => {
    const [first, second] = [await postCustomer(), await postCustomer()];
    const reply = await call('PATCH', `/customers/${String(second.id)}`, { body: { externalId: first.externalId } });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('customer_external_id_taken');
  });

  it('answers 404 for another tenant’s customer and leaves it unchanged', async () => {
    const theirs = await postCustomer({ name: 'Theirs' }, other.apiKey);
    const reply = await call('PATCH', `/customers/${String(theirs.id)}`, { body: { name: 'Mine' } });
    expect(reply.status).toBe(404);
    const still = await call('GET', `/customers/${String(theirs.id)}`, { token: other.apiKey });
    expect(still.body.name).toBe('Theirs');
  });
});

describe('DELETE /customers/:id', () => {
  it('soft deletes: returns the record, then hides it from GET, PATCH, DELETE and the list', async () => {
    const created = await postCustomer();
    const id = String(created.id);
    const reply = await call('DELETE', `/customers/${id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ id, externalId: created.externalId });
    expect((await call('GET', `/customers/${id}`)).status).toBe(404);
    expect((await call('PATCH', `/customers/${id}`, { body: { name: 'x' } })).status).toBe(404);
    expect((await call('DELETE', `/customers/${id}`)).status).toBe(404);
    expect((await call('GET', `/customers/${id}/invoices`)).status).toBe(404);
    const search = await list(`/customers?search=${encodeURIComponent(String(created.externalId))}`);
    expect(search.meta.total).toBe(0);
  });
});

describe('GET /customers', () => {
  let lister: TenantFixture;
  let created: Json[];

  beforeAll(async () => {
    lister = await createTenantFixture(api.orm, api.config);
    created = [];
    for (let index = 0; index < 25; index++) {
      const overrides: Json = {
        externalId: `list-${String(index).padStart(2, '0')}`,
        name: index === 7 ? 'Wonka 100%_Industries' : `Customer ${index}`,
        email: index === 3 ? 'Special.Person@Example.com' : `c${index}@example.com`,
        currency: index % 2 === 0 ? 'EUR' : 'USD',
        ...(index < 5 ? { country: 'KE' } : {}),
      };
      created.push(await postCustomer(overrides, lister.apiKey));
    }
  });

  const ids = (body: ListBody) => body.data.map((customer) => customer.id);

  it('pages newest first with the envelope’s meta', async () => {
    const newestFirst = [...created].reverse().map((customer) => customer.id);
    const first = await list('/customers', lister.apiKey);
    expect(first.meta).toEqual({ total: 25, page: 1, limit: 20, totalPages: 2 });
    expect(ids(first)).toEqual(newestFirst.slice(0, 20));
    const last = await list('/customers?page=3&limit=10', lister.apiKey);
    expect(last.meta).toEqual({ total: 25, page: 3, limit: 10, totalPages: 3 });
    expect(ids(last)).toEqual(newestFirst.slice(20));
    expect((await list('/customers?page=9', lister.apiKey)).data).toEqual([]);
  });

  it('searches name, email and externalId case-insensitively', async () => {
    expect(ids(await list('/customers?search=SPECIAL.person', lister.apiKey))).toEqual([created[3]?.id]);
    expect(ids(await list('/customers?search=LIST-12', lister.apiKey))).toEqual([created[12]?.id]);
    expect(ids(await list('/customers?search=wonka', lister.apiKey))).toEqual([created[7]?.id]);
  });

  it('treats % and _ in a search as literal characters', async () => {
    expect(ids(await list(`/customers?search=${encodeURIComponent('100%_')}`, lister.apiKey))).toEqual([
      created[7]?.id,
    ]);
    expect((await list(`/customers?search=${encodeURIComponent('%')}`, lister.apiKey)).meta.total).toBe(1);
    expect((await list('/customers?search=list_0', lister.apiKey)).meta.total).toBe(0);
  });

  it('filters by country and currency in any case', async () => {
    expect((await list('/customers?country=ke', lister.apiKey)).meta.total).toBe(5);
    expect((await list('/customers?currency=eur', lister.apiKey)).meta.total).toBe(13);
    expect((await list('/customers?currency=USD&country=KE', lister.apiKey)).meta.total).toBe(2);
  });

  it.each([
    ['/customers?currency=XYZ', 'query.currency'],
    ['/customers?country=XX', 'query.country'],
    ['/customers?limit=101', 'query.limit'],
    ['/customers?page=0', 'query.page'],
    ['/customers?sort=name', 'query.sort'],
  ])('answers 400 to %s', async (path, field) => {
    const reply = await call('GET', path, { token: lister.apiKey });
    expect(reply.status).toBe(400);
    expect(reply.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
  });

  it('answers 401 without credentials', async () => {
    expect((await call('GET', '/customers', { token: null })).status).toBe(401);
  });
});

describe.each(['subscriptions', 'invoices', 'payments'])('GET /customers/:id/%s', (relation) => {
  it('is an empty page for a customer without any', async () => {
    const created = await postCustomer();
    const body = await list(`/customers/${String(created.id)}/${relation}?limit=5`);
    expect(body).toEqual({ data: [], meta: { total: 0, page: 1, limit: 5, totalPages: 0 } });
  });

  it('answers 404 for an unknown or another tenant’s customer', async () => {
    const theirs = await postCustomer({}, other.apiKey);
    for (const id of ['cust_01JD8X4Q3R5T7V9W1Y3Z5A7C9E', String(theirs.id)]) {
      const reply = await call('GET', `/customers/${id}/${relation}`);
      expect(reply.status).toBe(404);
      expect(reply.body.error).toBe('customer_not_found');
    }
  });
});

describe('a customer with subscriptions', () => {
  let owner: TenantFixture;
  let planId: string;
  const sql = tenantSchemaSql(() => ({ orm: api.orm, tenantId: owner.tenantId }));

  beforeAll(async () => {
    owner = await createTenantFixture(api.orm, api.config);
    const plan = await call('POST', '/plans', {
      token: owner.apiKey,
      body: {
        name: 'Guard',
        code: `guard-${unique()}`,
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 10 }],
      },
    });
    expect(plan.status).toBe(201);
    planId = String(plan.body.id);
  });

  // Rows as POST /subscriptions stores them; the delete guard reads only the table, not the workflow.
  const subscribe = (customerId: unknown, status: string) =>
    sql(
      `insert into $schema.subscriptions (id, customer_id, plan_id, currency, status, start_date, billing_anchor)
         values (?, ?, ?, 'USD', ?, now(), now())`,
      [newId('subscription'), customerId, planId, status],
    );

  it.each(['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE'])(
    'refuses to delete a customer with a %s subscription',
    async (status) => {
      const created = await postCustomer({}, owner.apiKey);
      await subscribe(created.id, status);
      const reply = await call('DELETE', `/customers/${String(created.id)}`, { token: owner.apiKey });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe('customer_has_active_subscriptions');
      expect((await call('GET', `/customers/${String(created.id)}`, { token: owner.apiKey })).status).toBe(200);
    },
  );

  it.each(['TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE'])(
    'refuses a new currency while a %s subscription bills the customer, and takes the same one',
    async (status) => {
      const created = await postCustomer({}, owner.apiKey);
      await subscribe(created.id, status);
      const path = `/customers/${String(created.id)}`;
      const refused = await call('PATCH', path, { token: owner.apiKey, body: { currency: 'EUR', name: 'Kept' } });
      expect(refused).toMatchObject({ status: 409, body: { error: 'customer_currency_locked' } });
      expect((await call('GET', path, { token: owner.apiKey })).body).toMatchObject({ currency: 'USD', name: null });
      const same = await call('PATCH', path, { token: owner.apiKey, body: { currency: 'usd', name: 'Renamed' } });
      expect(same).toMatchObject({ status: 200, body: { currency: 'USD', name: 'Renamed' } });
    },
  );

  it('refuses a new currency while an ACTIVE wallet holds credits in the old one, not once it is terminated', async () => {
    const created = await postCustomer({}, owner.apiKey);
    const path = `/customers/${String(created.id)}`;
    const wallet = await call('POST', '/wallets', { token: owner.apiKey, body: { customerId: created.id } });
    expect(wallet.status).toBe(201);
    const refused = await call('PATCH', path, { token: owner.apiKey, body: { currency: 'EUR' } });
    expect(refused).toMatchObject({ status: 409, body: { error: 'customer_currency_locked' } });
    const terminated = await call('DELETE', `/wallets/${String(wallet.body.id)}`, { token: owner.apiKey });
    expect(terminated).toMatchObject({ status: 200, body: { status: 'TERMINATED' } });
    const changed = await call('PATCH', path, { token: owner.apiKey, body: { currency: 'EUR' } });
    expect(changed).toMatchObject({ status: 200, body: { currency: 'EUR' } });
  });

  it('changes the currency of a customer whose subscriptions have all ended', async () => {
    const created = await postCustomer({}, owner.apiKey);
    await subscribe(created.id, 'CANCELED');
    const changed = await call('PATCH', `/customers/${String(created.id)}`, {
      token: owner.apiKey,
      body: { currency: 'EUR' },
    });
    expect(changed).toMatchObject({ status: 200, body: { currency: 'EUR' } });
  });

  it('deletes a customer whose subscriptions are all canceled, and lists them', async () => {
    const created = await postCustomer({}, owner.apiKey);
    await subscribe(created.id, 'CANCELED');
    const listed = await list(`/customers/${String(created.id)}/subscriptions`, owner.apiKey);
    expect(listed.meta.total).toBe(1);
    expect(listed.data[0]?.id).toMatch(/^sub_/);
    expect((await call('DELETE', `/customers/${String(created.id)}`, { token: owner.apiKey })).status).toBe(200);
  });
});
