import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const UNKNOWN_COUPON = 'cpn_01JD0000000000000000000000';
const UNKNOWN_PLAN = 'plan_01JD0000000000000000000000';
const UNKNOWN_METRIC = 'bm_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;
const FUTURE = '2099-01-01T00:00:00.000Z';

describe('coupons (/coupons)', () => {
  const { api, call, sql } = setUpResourceTest();

  let codes = 0;
  const percent = (extra: Json = {}) => ({
    code: `save-${++codes}`,
    name: 'Save',
    discountType: 'PERCENTAGE',
    percentage: 20,
    frequency: 'ONCE',
    ...extra,
  });
  const fixed = (extra: Json = {}) => percent({ discountType: 'FIXED_AMOUNT', percentage: undefined, ...extra });
  const createCoupon = async (body: Json = percent()) => {
    const created = await call('POST', '/coupons', { body });
    expect(created.status).toBe(201);
    return created.body;
  };
  const detailPaths = (body: Json) => (body.details as { path: string }[]).map((detail) => detail.path);

  it('documents Coupon and its requests as named OpenAPI components with examples', async () => {
    const document = (await (await fetch(`${api.url}/api/openapi.json`)).json()) as {
      components: {
        schemas: Record<string, { properties?: Record<string, { example?: unknown }>; example?: unknown }>;
      };
    };
    const { schemas } = document.components;
    expect(schemas.Coupon?.properties?.code?.example).toBe('BLACKFRIDAY');
    expect(schemas.CreateCouponRequest?.example).toMatchObject({ discountType: 'PERCENTAGE' });
    expect(schemas.ApplyCouponRequest?.example).toMatchObject({ couponCode: 'blackfriday' });
    expect(schemas.AppliedCoupon).toBeDefined();
  });

  describe('create', () => {
    it('creates a PERCENTAGE coupon with defaults, the code upper-cased', async () => {
      const { status, body } = await call('POST', '/coupons', {
        body: percent({ code: 'black-Friday_1', percentage: 12.3456 }),
      });
      expect(status).toBe(201);
      expect(body).toEqual({
        id: expect.stringMatching(/^cpn_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        code: 'BLACK-FRIDAY_1',
        name: 'Save',
        description: null,
        discountType: 'PERCENTAGE',
        percentage: 12.3456,
        amount: null,
        currency: null,
        frequency: 'ONCE',
        frequencyDuration: null,
        expiresAt: null,
        maxRedemptions: null,
        redemptions: 0,
        planIds: [],
        billableMetricIds: [],
        isActive: true,
        createdAt: TIMESTAMP,
        updatedAt: TIMESTAMP,
      });
      expect((await call('GET', `/coupons/${String(body.id)}`)).body).toEqual(body);
    });

    it('creates a RECURRING FIXED_AMOUNT coupon restricted to a plan, stored in minor units', async () => {
      const plan = await call('POST', '/plans', { body: { name: 'Pro', code: 'pro', billingInterval: 'MONTHLY' } });
      const body = await createCoupon(
        fixed({
          amount: 49.99,
          currency: 'usd',
          frequency: 'RECURRING',
          frequencyDuration: 3,
          expiresAt: FUTURE,
          maxRedemptions: 10,
          planIds: [plan.body.id],
          description: 'Three months off',
          isActive: false,
        }),
      );
      expect(body).toMatchObject({
        discountType: 'FIXED_AMOUNT',
        percentage: null,
        amount: 49.99,
        currency: 'USD',
        frequency: 'RECURRING',
        frequencyDuration: 3,
        expiresAt: FUTURE,
        maxRedemptions: 10,
        planIds: [plan.body.id],
        description: 'Three months off',
        isActive: false,
      });
      const rows = await sql<{ amount_minor: string }>('select amount_minor from $schema.coupons');
      expect(rows.map((row) => row.amount_minor)).toEqual(['4999']);
    });

    it.each([
      [percent({ percentage: undefined }), ['body.percentage']],
      [percent({ percentage: 0 }), ['body.percentage']],
      [percent({ percentage: 100.5 }), ['body.percentage']],
      [percent({ percentage: 10.12345 }), ['body.percentage']],
      [percent({ amount: 5, currency: 'USD' }), ['body.amount', 'body.currency']],
      [fixed({ amount: 5 }), ['body.currency']],
      [fixed({ amount: 0, currency: 'USD' }), ['body.amount']],
      [fixed({ currency: 'USD' }), ['body.amount']],
      [fixed({ amount: 49.999, currency: 'USD' }), ['body.amount']],
      [fixed({ amount: 1500.5, currency: 'JPY' }), ['body.amount']],
      [fixed({ amount: 5, currency: 'XXY' }), ['body.currency']],
      [fixed({ amount: 5, currency: 'USD', percentage: 5 }), ['body.percentage']],
      [percent({ frequency: 'RECURRING' }), ['body.frequencyDuration']],
      [percent({ frequencyDuration: 2 }), ['body.frequencyDuration']],
      [percent({ frequency: 'RECURRING', frequencyDuration: 0 }), ['body.frequencyDuration']],
      [percent({ frequency: 'WEEKLY' }), ['body.frequency']],
      [percent({ discountType: 'FREE' }), ['body.discountType']],
      [percent({ expiresAt: '2020-01-01T00:00:00.000Z' }), ['body.expiresAt']],
      [percent({ maxRedemptions: 0 }), ['body.maxRedemptions']],
      [percent({ maxRedemptions: 2_147_483_648 }), ['body.maxRedemptions']],
      [percent({ maxRedemptions: 1e20 }), ['body.maxRedemptions']],
      [percent({ code: 'has space' }), ['body.code']],
      [percent({ planIds: [''] }), ['body.planIds.0']],
      [percent({ billableMetricIds: [''] }), ['body.billableMetricIds.0']],
      [percent({ billableMetricIds: [UNKNOWN_METRIC, UNKNOWN_METRIC] }), ['body.billableMetricIds']],
      [percent({ billableMetricIds: UNKNOWN_METRIC }), ['body.billableMetricIds']],
      [percent({ extra: 1 }), ['body.extra']],
      [percent({ name: undefined }), ['body.name']],
    ])('answers 400 naming the field for %j', async (body, paths) => {
      const { status, body: error } = await call('POST', '/coupons', { body });
      expect(status).toBe(400);
      expect(error.error).toBe('validation_failed');
      expect(detailPaths(error)).toEqual(expect.arrayContaining(paths));
    });

    it('answers 409 coupon_code_taken for a code in any case, and 404 for an unknown plan', async () => {
      await createCoupon(percent({ code: 'WELCOME' }));
      const taken = await call('POST', '/coupons', { body: percent({ code: 'welcome' }) });
      expect(taken).toMatchObject({ status: 409, body: { error: 'coupon_code_taken' } });
      const unknownPlan = await call('POST', '/coupons', { body: percent({ planIds: [UNKNOWN_PLAN] }) });
      expect(unknownPlan).toMatchObject({ status: 404, body: { error: 'plan_not_found' } });
      expect(String(unknownPlan.body.message)).toContain(UNKNOWN_PLAN);
      // A malformed id names nothing either: 404, as every other reference in a body.
      const malformed = await call('POST', '/coupons', { body: percent({ planIds: ['nope'] }) });
      expect(malformed).toMatchObject({ status: 404, body: { error: 'plan_not_found' } });
      const noMetric = await call('POST', '/coupons', { body: percent({ billableMetricIds: ['nope'] }) });
      expect(noMetric).toMatchObject({ status: 404, body: { error: 'billable_metric_not_found' } });
    });

    it('limits a coupon to billable metrics; an unknown or another tenant’s metric is 404 naming the field', async () => {
      const metric = async (token?: string) => {
        const body = { name: 'API calls', code: `calls_${++codes}`, aggregationType: 'COUNT' };
        const created = await call('POST', '/billable-metrics', token === undefined ? { body } : { body, token });
        expect(created.status).toBe(201);
        return String(created.body.id);
      };
      const [calls, storage] = [await metric(), await metric()];
      const limited = await createCoupon(percent({ billableMetricIds: [calls, storage] }));
      expect(limited.billableMetricIds).toEqual([calls, storage]);
      expect((await call('GET', `/coupons/${String(limited.id)}`)).body).toEqual(limited);

      const other = await createTenantFixture(api.orm, api.config);
      for (const missing of [UNKNOWN_METRIC, await metric(other.apiKey)]) {
        const refused = await call('POST', '/coupons', { body: percent({ billableMetricIds: [calls, missing] }) });
        expect(refused).toMatchObject({ status: 404, body: { error: 'billable_metric_not_found' } });
        expect(String(refused.body.message)).toContain(`${missing} (in body.billableMetricIds)`);
      }
      const stored = await sql<{ code: string }>('select code from $schema.coupons order by created_at');
      expect(stored).toHaveLength(1);
    });

    it('answers 401 without a key and 403 without the write scope', async () => {
      expect((await call('POST', '/coupons', { token: null, body: percent() })).status).toBe(401);
      const reader = await createTenantFixture(api.orm, api.config, { scopes: ['coupons:read'] });
      const refused = await call('POST', '/coupons', { token: reader.apiKey, body: percent() });
      expect(refused).toMatchObject({ status: 403, body: { message: 'Missing scope: coupons:write' } });
      expect((await call('GET', '/coupons', { token: reader.apiKey })).status).toBe(200);
      const writer = await createTenantFixture(api.orm, api.config, { scopes: ['customers:read'] });
      expect((await call('GET', '/coupons', { token: writer.apiKey })).status).toBe(403);
    });
  });

  describe('list and get', () => {
    it('lists newest first with page and limit, and filters on isActive', async () => {
      const first = await createCoupon();
      const second = await createCoupon(percent({ isActive: false }));
      const third = await createCoupon();
      const page = await call('GET', '/coupons?page=2&limit=2');
      expect(page.body).toEqual({ data: [first], meta: { total: 3, page: 2, limit: 2, totalPages: 2 } });
      const all = await call('GET', '/coupons');
      expect((all.body.data as Json[]).map((coupon) => coupon.id)).toEqual([third.id, second.id, first.id]);
      const inactive = await call('GET', '/coupons?isActive=false');
      expect(inactive.body).toMatchObject({ data: [second], meta: { total: 1 } });
      const active = await call('GET', '/coupons?isActive=true');
      expect((active.body.meta as Json).total).toBe(2);
      expect((await call('GET', '/coupons?limit=101')).status).toBe(400);
      expect((await call('GET', '/coupons?isActive=maybe')).status).toBe(400);
    });

    it('answers 404 for an unknown coupon and for another tenant’s', async () => {
      const mine = await createCoupon();
      expect((await call('GET', `/coupons/${UNKNOWN_COUPON}`)).body.error).toBe('coupon_not_found');
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('GET', `/coupons/${String(mine.id)}`, { token: other.apiKey });
      expect(theirs).toMatchObject({ status: 404, body: { error: 'coupon_not_found' } });
      expect((await call('GET', '/coupons', { token: other.apiKey })).body.data).toEqual([]);
    });
  });

  describe('update', () => {
    it('updates the mutable fields', async () => {
      const created = await createCoupon();
      const { status, body } = await call('PATCH', `/coupons/${String(created.id)}`, {
        body: { name: 'Renamed', description: 'Now', expiresAt: FUTURE, maxRedemptions: 3, isActive: false },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ name: 'Renamed', description: 'Now', expiresAt: FUTURE, maxRedemptions: 3 });
      expect(body.isActive).toBe(false);
      const cleared = await call('PATCH', `/coupons/${String(created.id)}`, {
        body: { expiresAt: null, maxRedemptions: null, description: null },
      });
      expect(cleared.body).toMatchObject({ expiresAt: null, maxRedemptions: null, description: null, name: 'Renamed' });
    });

    it('refuses the code and discount terms as immutable, a past expiry, and unknown plans', async () => {
      const { id } = await createCoupon();
      const immutable = await call('PATCH', `/coupons/${String(id)}`, {
        body: { code: 'OTHER', percentage: 50, billableMetricIds: [] },
      });
      expect(immutable.status).toBe(400);
      expect(detailPaths(immutable.body)).toEqual(['body.code', 'body.percentage', 'body.billableMetricIds']);
      expect(String(immutable.body.message)).toContain('immutable');
      const past = await call('PATCH', `/coupons/${String(id)}`, { body: { expiresAt: '2020-01-01T00:00:00Z' } });
      expect(detailPaths(past.body)).toEqual(['body.expiresAt']);
      const plan = await call('PATCH', `/coupons/${String(id)}`, { body: { planIds: [UNKNOWN_PLAN] } });
      expect(plan).toMatchObject({ status: 404, body: { error: 'plan_not_found' } });
      const unknown = await call('PATCH', `/coupons/${UNKNOWN_COUPON}`, { body: { name: 'x' } });
      expect(unknown).toMatchObject({ status: 404, body: { error: 'coupon_not_found' } });
    });

    it('refuses a maxRedemptions beyond what is stored (2^31) with 400 naming it, and takes 2^31 - 1', async () => {
      const { id } = await createCoupon();
      const beyond = await call('PATCH', `/coupons/${String(id)}`, { body: { maxRedemptions: 2_147_483_648 } });
      expect([beyond.status, detailPaths(beyond.body)]).toEqual([400, ['body.maxRedemptions']]);
      const largest = await call('PATCH', `/coupons/${String(id)}`, { body: { maxRedemptions: 2_147_483_647 } });
      expect([largest.status, largest.body.maxRedemptions]).toEqual([200, 2_147_483_647]);
    });

    it('refuses maxRedemptions below the redemptions made with 409', async () => {
      const { id } = await createCoupon();
      await sql('update $schema.coupons set redemptions = 2 where id = ?', [id]);
      const below = await call('PATCH', `/coupons/${String(id)}`, { body: { maxRedemptions: 1 } });
      expect(below).toMatchObject({ status: 409, body: { error: 'max_redemptions_below_redemptions' } });
      const equal = await call('PATCH', `/coupons/${String(id)}`, { body: { maxRedemptions: 2 } });
      expect(equal.body).toMatchObject({ maxRedemptions: 2, redemptions: 2 });
    });
  });

  describe('delete', () => {
    it('deletes a coupon never applied, returning it; then 404', async () => {
      const created = await createCoupon();
      const deleted = await call('DELETE', `/coupons/${String(created.id)}`);
      expect(deleted).toEqual({ status: 200, body: created });
      expect((await sql('select id from $schema.coupons')).length).toBe(0);
      expect((await call('DELETE', `/coupons/${String(created.id)}`)).body.error).toBe('coupon_not_found');
    });

    it('soft-deletes an applied coupon: hidden, inactive, code freed, applied coupon kept', async () => {
      const created = await createCoupon(percent({ code: 'KEEP' }));
      const customer = await call('POST', '/customers', {
        body: { externalId: 'c-1', email: 'c1@example.com', currency: 'USD' },
      });
      const applied = await call('POST', '/coupons/apply', {
        body: { couponId: created.id, customerId: customer.body.id },
      });
      expect(applied.status).toBe(201);
      const deleted = await call('DELETE', `/coupons/${String(created.id)}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: created.id, isActive: false, redemptions: 1 });
      expect((await call('GET', `/coupons/${String(created.id)}`)).status).toBe(404);
      expect((await call('GET', '/coupons')).body.data).toEqual([]);
      const rows = await sql<{ status: string }>('select status from $schema.applied_coupons');
      expect(rows).toEqual([{ status: 'ACTIVE' }]);
      await createCoupon(percent({ code: 'keep' }));
    });
  });
});
