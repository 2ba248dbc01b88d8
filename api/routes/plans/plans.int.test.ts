import { newId } from '../../../infra/ids';
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

const UNKNOWN_PLAN = 'plan_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;

describe('plans (/plans)', () => {
  const { api, tenant, call, sql } = setUpResourceTest();

  let codes = 0;
  const plan = (extra: Json = {}) => ({ name: 'Pro', code: `pro-${++codes}`, billingInterval: 'MONTHLY', ...extra });
  const createPlan = (extra: Json = {}) => createThroughApi(call, '/plans', plan(extra));

  it('documents Plan and PlanPrice as named OpenAPI components with examples', async () => {
    const document = await fetchOpenApiDocument(api);
    const { schemas } = document.components;
    expect(schemas.Plan?.properties?.code?.example).toBe('pro');
    expect(schemas.PlanPrice?.properties?.amount?.example).toBe(49.99);
    expect(schemas.CreatePlanRequest?.example).toMatchObject({ code: 'pro' });
    expect(Object.keys(document.paths['/api/plans/{id}/prices/{priceId}'] ?? {}).sort()).toEqual(['delete', 'patch']);
  });

  describe('create', () => {
    it('creates a plan with defaults and returns 49.99 exactly, stored as 4999 minor units', async () => {
      const { status, body } = await call('POST', '/plans', {
        body: { ...plan({ code: 'pro' }), features: ['SSO'], prices: [{ currency: 'usd', amount: 49.99 }] },
      });
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.stringMatching(/^plan_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        name: 'Pro',
        code: 'pro',
        description: null,
        billingInterval: 'MONTHLY',
        billingTiming: 'IN_ADVANCE',
        trialDays: 0,
        netPaymentTerms: null,
        invoiceGracePeriodDays: null,
        features: ['SSO'],
        isActive: true,
        prices: [
          { id: expect.stringMatching(/^price_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown, currency: 'USD', amount: 49.99 },
        ],
        createdAt: TIMESTAMP,
        updatedAt: TIMESTAMP,
      });
      const rows = await sql<{ amount_minor: string }>('select amount_minor from $schema.plan_prices');
      expect(rows.map((row) => row.amount_minor)).toEqual(['4999']);
      const fetched = await call('GET', `/plans/${String(body.id)}`);
      expect(fetched.body).toEqual(body);
      expect(JSON.stringify(fetched.body)).toContain('"amount":49.99');
    });

    it('takes every field, and JPY without decimals and KWD with three', async () => {
      const body = await createPlan({
        description: 'For teams',
        billingInterval: 'YEARLY',
        billingTiming: 'IN_ARREARS',
        trialDays: 730,
        netPaymentTerms: 0,
        invoiceGracePeriodDays: 365,
        isActive: false,
        prices: [
          { currency: 'JPY', amount: 1500 },
          { currency: 'KWD', amount: 1.234 },
          { currency: 'EUR', amount: 0 },
        ],
      });
      expect(body).toMatchObject({
        description: 'For teams',
        billingInterval: 'YEARLY',
        billingTiming: 'IN_ARREARS',
        trialDays: 730,
        netPaymentTerms: 0,
        invoiceGracePeriodDays: 365,
        isActive: false,
        prices: [
          { currency: 'JPY', amount: 1500 },
          { currency: 'KWD', amount: 1.234 },
          { currency: 'EUR', amount: 0 },
        ],
      });
      const rows = await sql<{ currency: string; amount_minor: string }>(
        'select currency, amount_minor from $schema.plan_prices order by id',
      );
      expect(rows.map((row) => `${row.currency} ${row.amount_minor}`)).toEqual(['JPY 1500', 'KWD 1234', 'EUR 0']);
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
      [{ prices: [{ currency: 'KWD', amount: 1.2345 }] }, 'body.prices.0.amount'],
      [{ prices: [{ currency: 'USD', amount: -1 }] }, 'body.prices.0.amount'],
      [{ prices: [{ currency: 'ZZZ', amount: 1 }] }, 'body.prices.0.currency'],
      [{ prices: [{ currency: 'US', amount: 1 }] }, 'body.prices.0.currency'],
      [{ prices: [{ currency: 'USD' }] }, 'body.prices.0.amount'],
      [{ code: 'Pro' }, 'body.code'],
      [{ code: '-pro' }, 'body.code'],
      [{ code: 'x'.repeat(65) }, 'body.code'],
      [{ name: ' ' }, 'body.name'],
      [{ billingInterval: 'DAILY' }, 'body.billingInterval'],
      [{ billingTiming: 'LATER' }, 'body.billingTiming'],
      [{ trialDays: 731 }, 'body.trialDays'],
      [{ trialDays: -1 }, 'body.trialDays'],
      [{ netPaymentTerms: 366 }, 'body.netPaymentTerms'],
      [{ invoiceGracePeriodDays: 1.5 }, 'body.invoiceGracePeriodDays'],
      [{ features: ['ok', 3] }, 'body.features.1'],
      [{ tenantId: 'ten_01JD0000000000000000000000' }, 'body.tenantId'],
    ])('refuses %j naming %s', async (extra, path) => {
      const { status, body } = await call('POST', '/plans', { body: plan(extra) });
      expect(status).toBe(400);
      expect(body.error).toBe('validation_failed');
      expect(detailPaths(body)).toContain(path);
    });

    it('refuses two prices in one currency with 409 plan_price_currency_taken, as a second price added later', async () => {
      const prices = [
        { currency: 'usd', amount: 1 },
        { currency: 'USD', amount: 2 },
      ];
      const { status, body } = await call('POST', '/plans', { body: plan({ prices }) });
      expect([status, body.error]).toEqual([409, 'plan_price_currency_taken']);
      expect(String(body.message)).toContain('USD');
    });

    it('refuses a missing name, code or billingInterval', async () => {
      const { status, body } = await call('POST', '/plans', { body: {} });
      expect(status).toBe(400);
      expect(detailPaths(body)).toEqual(expect.arrayContaining(['body.name', 'body.code', 'body.billingInterval']));
    });

    it('refuses a code already used in the tenant with 409, but not one used by another tenant', async () => {
      await createPlan({ code: 'starter' });
      const again = await call('POST', '/plans', { body: plan({ code: 'starter' }) });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ statusCode: 409, error: 'plan_code_taken' });
      const other = await createTenantFixture(api.orm, api.config);
      const elsewhere = await call('POST', '/plans', { token: other.apiKey, body: plan({ code: 'starter' }) });
      expect(elsewhere.status).toBe(201);
    });
  });

  describe('authorisation', () => {
    it('answers 401 without a key and with the owner’s JWT', async () => {
      await expectKeyRequired(call, { path: '/plans', body: plan(), ownerJwt: tenant.accessToken });
    });

    it('answers 403 naming plans:write to a key that may only read plans, and 403 plans:read to one without it', async () => {
      const reader = await createTenantFixture(api.orm, api.config, { scopes: ['plans:read'] });
      expect((await call('GET', '/plans', { token: reader.apiKey })).status).toBe(200);
      for (const [method, path] of [
        ['POST', '/plans'],
        ['PATCH', `/plans/${UNKNOWN_PLAN}`],
        ['DELETE', `/plans/${UNKNOWN_PLAN}`],
        ['POST', `/plans/${UNKNOWN_PLAN}/prices`],
      ] as const) {
        const body =
          method === 'DELETE' ? undefined : method === 'PATCH' ? { name: 'x' } : plan({ currency: 'USD', amount: 1 });
        const reply = await call(method, path, { token: reader.apiKey, body });
        expect(reply.status).toBe(403);
        expect(reply.body.message).toBe('Missing scope: plans:write');
      }
      const writer = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
      const refused = await call('GET', '/plans', { token: writer.apiKey });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Missing scope: plans:read');
    });
  });

  describe('read', () => {
    it('lists plans newest first in pages, with their prices, filtered on isActive', async () => {
      const first = await createPlan({ prices: [{ currency: 'USD', amount: 10 }] });
      const second = await createPlan({ isActive: false });
      const third = await createPlan();
      const all = await call('GET', '/plans');
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
      expect((all.body.data as Json[]).map((item) => item.id)).toEqual([third.id, second.id, first.id]);
      expect((all.body.data as Json[])[2]?.prices).toEqual(first.prices);
      const page = await call('GET', '/plans?page=2&limit=2');
      expect(page.body).toMatchObject({
        data: [{ id: first.id }],
        meta: { total: 3, page: 2, limit: 2, totalPages: 2 },
      });
      const active = await call('GET', '/plans?isActive=true');
      expect((active.body.data as Json[]).map((item) => item.id)).toEqual([third.id, first.id]);
      expect(active.body.meta).toMatchObject({ total: 2 });
      const inactive = await call('GET', '/plans?isActive=false');
      expect((inactive.body.data as Json[]).map((item) => item.id)).toEqual([second.id]);
    });

    it.each(['page=0', 'limit=101', 'limit=x', 'isActive=maybe', 'status=ACTIVE'])(
      'refuses the query %s',
      async (query) => {
        expect((await call('GET', `/plans?${query}`)).status).toBe(400);
      },
    );

    it('answers 404 plan_not_found for an unknown id, a malformed id and another tenant’s plan', async () => {
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('POST', '/plans', { token: other.apiKey, body: plan() });
      const ids = [UNKNOWN_PLAN, 'nope', String(theirs.body.id)];
      await expectNotFoundAtEach(call, { path: '/plans', ids, error: 'plan_not_found' });
      expect((await call('GET', `/plans/${String(theirs.body.id)}`, { token: other.apiKey })).body.name).toBe('Pro');
    });
  });

  describe('update', () => {
    it('updates the mutable fields and keeps the rest', async () => {
      const created = await createPlan({
        description: 'old',
        netPaymentTerms: 30,
        prices: [{ currency: 'USD', amount: 5 }],
      });
      const { status, body } = await call('PATCH', `/plans/${String(created.id)}`, {
        body: {
          name: 'Pro 2',
          description: null,
          billingTiming: 'IN_ARREARS',
          trialDays: 14,
          netPaymentTerms: null,
          invoiceGracePeriodDays: 3,
          features: ['a', 'b'],
          isActive: false,
        },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        ...created,
        name: 'Pro 2',
        description: null,
        billingTiming: 'IN_ARREARS',
        trialDays: 14,
        netPaymentTerms: null,
        invoiceGracePeriodDays: 3,
        features: ['a', 'b'],
        isActive: false,
        updatedAt: TIMESTAMP,
      });
      const unchanged = await call('PATCH', `/plans/${String(created.id)}`, { body: {} });
      expect(unchanged.body).toMatchObject({ name: 'Pro 2', code: created.code });
    });

    it.each([
      [{ code: 'renamed' }, 'body.code'],
      [{ billingInterval: 'YEARLY' }, 'body.billingInterval'],
    ])('refuses to change an immutable field: %j', async (change, path) => {
      const created = await createPlan();
      const { status, body } = await call('PATCH', `/plans/${String(created.id)}`, { body: change });
      expect(status).toBe(400);
      expect(body.details).toEqual([{ path, message: 'is immutable once the plan exists; create a new plan' }]);
      expect(body.message).toContain(`${path} is immutable`);
    });

    it.each([
      [{ trialDays: 731 }, 'body.trialDays'],
      [{ name: '' }, 'body.name'],
      [{ prices: [] }, 'body.prices'],
      [{ isActive: 'yes' }, 'body.isActive'],
    ])('refuses %j naming %s', async (change, path) => {
      const created = await createPlan();
      const { status, body } = await call('PATCH', `/plans/${String(created.id)}`, { body: change });
      expect(status).toBe(400);
      expect(detailPaths(body)).toContain(path);
    });
  });

  describe('delete', () => {
    it('hard-deletes an unused plan with its prices and returns it', async () => {
      const created = await createPlan({ prices: [{ currency: 'USD', amount: 49.99 }] });
      const deleted = await call('DELETE', `/plans/${String(created.id)}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual(created);
      expect((await call('GET', `/plans/${String(created.id)}`)).status).toBe(404);
      expect(await sql('select id from $schema.plan_prices')).toEqual([]);
      expect((await call('DELETE', `/plans/${String(created.id)}`)).status).toBe(404);
    });

    it('refuses to delete a plan with subscriptions, or a price its subscriptions bill in', async () => {
      const used = await createPlan({
        prices: [
          { currency: 'USD', amount: 10 },
          { currency: 'EUR', amount: 9 },
        ],
      });
      const [usd, eur] = used.prices as Json[];
      const unused = await createPlan();
      expect((await call('DELETE', `/plans/${String(unused.id)}`)).status).toBe(200);
      // Rows as POST /subscriptions stores them; the workflow plays no part in the delete guard.
      const customerId = newId('customer');
      await sql(
        "insert into $schema.customers (id, external_id, email, currency) values (?, ?, 'p@example.com', 'USD')",
        [customerId, `plan-guard-${customerId}`],
      );
      await sql(
        `insert into $schema.subscriptions (id, customer_id, plan_id, currency, status, start_date, billing_anchor)
         values (?, ?, ?, 'USD', 'CANCELED', now(), now())`,
        [newId('subscription'), customerId, used.id],
      );
      const refused = await call('DELETE', `/plans/${String(used.id)}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('plan_has_subscriptions');
      const price = await call('DELETE', `/plans/${String(used.id)}/prices/${String(usd?.id)}`);
      expect(price.status).toBe(409);
      expect(price.body.error).toBe('plan_price_in_use');
      expect((await call('DELETE', `/plans/${String(used.id)}/prices/${String(eur?.id)}`)).status).toBe(200);
      expect((await call('GET', `/plans/${String(used.id)}`)).body.prices).toEqual([usd]);
    });
  });

  describe('prices', () => {
    it('adds, updates and deletes a price; amounts exact in major units', async () => {
      const created = await createPlan();
      const planId = String(created.id);
      const added = await call('POST', `/plans/${planId}/prices`, { body: { currency: 'usd', amount: 49.99 } });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.stringMatching(/^price_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        planId,
        currency: 'USD',
        amount: 49.99,
        createdAt: TIMESTAMP,
        updatedAt: TIMESTAMP,
      });
      const priceId = String(added.body.id);
      const updated = await call('PATCH', `/plans/${planId}/prices/${priceId}`, { body: { amount: 0.07 } });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: priceId, currency: 'USD', amount: 0.07 });
      expect((await call('GET', `/plans/${planId}`)).body.prices).toEqual([
        { id: priceId, currency: 'USD', amount: 0.07 },
      ]);
      const kwd = await call('POST', `/plans/${planId}/prices`, { body: { currency: 'KWD', amount: 1.234 } });
      expect(kwd.body.amount).toBe(1.234);
      const deleted = await call('DELETE', `/plans/${planId}/prices/${priceId}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: priceId, amount: 0.07 });
      expect((await call('DELETE', `/plans/${planId}/prices/${priceId}`)).status).toBe(404);
      expect((await call('GET', `/plans/${planId}`)).body.prices).toEqual([
        { id: kwd.body.id, currency: 'KWD', amount: 1.234 },
      ]);
    });

    it('refuses a second price in a currency with 409 plan_price_currency_taken', async () => {
      const created = await createPlan({ prices: [{ currency: 'JPY', amount: 1500 }] });
      const again = await call('POST', `/plans/${String(created.id)}/prices`, {
        body: { currency: 'jpy', amount: 2000 },
      });
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('plan_price_currency_taken');
    });

    it.each([
      [{ currency: 'USD', amount: 49.999 }, 'body.amount'],
      [{ currency: 'JPY', amount: 1500.5 }, 'body.amount'],
      [{ currency: 'KWD', amount: 1.2345 }, 'body.amount'],
      [{ currency: 'USD', amount: -0.01 }, 'body.amount'],
      [{ currency: 'ABC', amount: 1 }, 'body.currency'],
      [{ currency: 'USD' }, 'body.amount'],
      [{ currency: 'USD', amount: '1.00' }, 'body.amount'],
    ])('refuses the price %j naming %s', async (price, path) => {
      const created = await createPlan();
      const { status, body } = await call('POST', `/plans/${String(created.id)}/prices`, { body: price });
      expect(status).toBe(400);
      expect(detailPaths(body)).toContain(path);
    });

    it('checks an updated amount against the price’s currency', async () => {
      const created = await createPlan({ prices: [{ currency: 'JPY', amount: 1500 }] });
      const [price] = created.prices as Json[];
      const path = `/plans/${String(created.id)}/prices/${String(price?.id)}`;
      for (const body of [{ amount: 1500.5 }, { amount: -1 }, { amount: 1, currency: 'USD' }, {}]) {
        expect((await call('PATCH', path, { body })).status).toBe(400);
      }
      expect((await call('PATCH', path, { body: { amount: 1800 } })).body.amount).toBe(1800);
    });

    it('answers 404 for an unknown plan, another plan’s price and another tenant’s price', async () => {
      const mine = await createPlan({ prices: [{ currency: 'USD', amount: 1 }] });
      const sibling = await createPlan({ prices: [{ currency: 'USD', amount: 2 }] });
      const [siblingPrice] = sibling.prices as Json[];
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('POST', '/plans', {
        token: other.apiKey,
        body: plan({ prices: [{ currency: 'USD', amount: 3 }] }),
      });
      const [theirPrice] = theirs.body.prices as Json[];
      const added = await call('POST', `/plans/${UNKNOWN_PLAN}/prices`, { body: { currency: 'USD', amount: 1 } });
      expect(added.status).toBe(404);
      expect(added.body.error).toBe('plan_not_found');
      const foreign = [
        `/plans/${String(mine.id)}/prices/${String(siblingPrice?.id)}`,
        `/plans/${String(mine.id)}/prices/${String(theirPrice?.id)}`,
        `/plans/${String(theirs.body.id)}/prices/${String(theirPrice?.id)}`,
        `/plans/${String(mine.id)}/prices/price_nope`,
      ];
      for (const path of foreign) {
        for (const [method, body] of [
          ['PATCH', { amount: 5 }],
          ['DELETE', undefined],
        ] as const) {
          const reply = await call(method, path, { body });
          expect(reply.status).toBe(404);
          expect(reply.body.error).toBe('plan_price_not_found');
        }
      }
      expect((await call('GET', `/plans/${String(sibling.id)}`)).body.prices).toEqual(sibling.prices);
    });
  });
});
