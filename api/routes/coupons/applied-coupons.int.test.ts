import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const UNKNOWN_CUSTOMER = 'cust_01JD0000000000000000000000';
const UNKNOWN_APPLIED = 'acpn_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;

describe('applied coupons (/coupons/apply, /coupons/applied/:id)', () => {
  const { api, call, sql, createCustomer } = setUpResourceTest();

  let sequence = 0;
  const createCoupon = async (extra: Json = {}) => {
    const body = { code: `c-${++sequence}`, name: 'C', discountType: 'PERCENTAGE', percentage: 10, frequency: 'ONCE' };
    const created = await call('POST', '/coupons', { body: { ...body, ...extra } });
    expect(created.status).toBe(201);
    return created.body as { id: string; code: string };
  };
  const apply = (body: Json, key?: string) => call('POST', '/coupons/apply', { body, ...(key ? { token: key } : {}) });

  it('applies a RECURRING coupon by code in any case, counting one redemption', async () => {
    const coupon = await createCoupon({ code: 'SPRING', frequency: 'RECURRING', frequencyDuration: 3 });
    const customerId = await createCustomer();
    const { status, body } = await apply({ couponCode: 'spring', customerId });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.stringMatching(/^acpn_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      couponId: coupon.id,
      couponCode: 'SPRING',
      customerId,
      status: 'ACTIVE',
      remainingPeriods: 3,
      createdAt: TIMESTAMP,
      terminatedAt: null,
    });
    expect((await call('GET', `/coupons/${coupon.id}`)).body.redemptions).toBe(1);
  });

  it('applies by id; remainingPeriods is null unless RECURRING', async () => {
    const coupon = await createCoupon({ frequency: 'FOREVER' });
    const { status, body } = await apply({ couponId: coupon.id, customerId: await createCustomer() });
    expect(status).toBe(201);
    expect(body).toMatchObject({ couponCode: coupon.code, remainingPeriods: null });
  });

  it.each([
    [{ customerId: 'cust_x' }, 'body.couponCode', 'is required (or couponId)'],
    [
      { couponCode: 'A', couponId: 'cpn_x', customerId: 'cust_x' },
      'body.couponId',
      'give couponCode or couponId, not both',
    ],
    [{ couponCode: 'A' }, 'body.customerId', 'is required'],
    [{ couponCode: 'A', customerId: 'cust_x', extra: true }, 'body.extra', 'is not an allowed property'],
  ])('answers 400 for %j naming the field and the rule', async (body, path, message) => {
    const { status, body: error } = await apply(body);
    expect(status).toBe(400);
    expect(error.details).toContainEqual({ path, message });
  });

  it('answers 404 naming the unknown coupon id or customer, and for another tenant’s; 409 for an unknown code', async () => {
    const coupon = await createCoupon();
    const customerId = await createCustomer();
    const noCoupon = await apply({ couponId: 'cpn_01JD8X4Q3R5T7V9W1Y3Z5A7C9E', customerId });
    expect(noCoupon).toMatchObject({
      status: 404,
      body: { error: 'coupon_not_found', message: 'Coupon cpn_01JD8X4Q3R5T7V9W1Y3Z5A7C9E not found' },
    });
    const noCode = await apply({ couponCode: 'nope', customerId });
    expect(noCode).toMatchObject({
      status: 409,
      body: { error: 'coupon_not_applicable', message: 'No coupon has the code NOPE' },
    });
    const noCustomer = await apply({ couponId: coupon.id, customerId: UNKNOWN_CUSTOMER });
    expect(noCustomer).toMatchObject({ status: 404, body: { error: 'customer_not_found' } });
    expect(String(noCustomer.body.message)).toContain(UNKNOWN_CUSTOMER);
    await call('DELETE', `/customers/${customerId}`);
    expect((await apply({ couponId: coupon.id, customerId })).body.error).toBe('customer_not_found');
    const other = await createTenantFixture(api.orm, api.config);
    expect((await apply({ couponId: coupon.id, customerId }, other.apiKey)).body.error).toBe('coupon_not_found');
  });

  it('answers 401 and 403 (coupons:write)', async () => {
    expect((await call('POST', '/coupons/apply', { token: null, body: {} })).status).toBe(401);
    const reader = await createTenantFixture(api.orm, api.config, { scopes: ['coupons:read'] });
    const refused = await apply({ couponCode: 'A', customerId: 'cust_x' }, reader.apiKey);
    expect(refused).toMatchObject({ status: 403, body: { message: 'Missing scope: coupons:write' } });
    expect((await call('DELETE', `/coupons/applied/${UNKNOWN_APPLIED}`, { token: reader.apiKey })).status).toBe(403);
  });

  describe('refuses with 409 coupon_not_applicable, saying why', () => {
    const expectRefusal = async (body: Json, reason: string) => {
      const refused = await apply(body);
      expect(refused).toMatchObject({ status: 409, body: { error: 'coupon_not_applicable' } });
      expect(String(refused.body.message)).toContain(reason);
    };

    it('when inactive, expired or exhausted', async () => {
      const customerId = await createCustomer();
      const inactive = await createCoupon({ isActive: false });
      await expectRefusal({ couponId: inactive.id, customerId }, 'inactive');
      const expired = await createCoupon({ expiresAt: '2099-01-01T00:00:00.000Z' });
      await sql("update $schema.coupons set expires_at = now() - interval '1 second' where id = ?", [expired.id]);
      await expectRefusal({ couponId: expired.id, customerId }, 'expired');
      const once = await createCoupon({ maxRedemptions: 1 });
      expect((await apply({ couponId: once.id, customerId })).status).toBe(201);
      await expectRefusal({ couponId: once.id, customerId: await createCustomer() }, 'exhausted');
    });

    it('when already applied ACTIVE to the customer, but not after termination', async () => {
      const coupon = await createCoupon();
      const customerId = await createCustomer();
      const first = await apply({ couponId: coupon.id, customerId });
      await expectRefusal({ couponCode: coupon.code.toLowerCase(), customerId }, 'already applied');
      await call('DELETE', `/coupons/applied/${String(first.body.id)}`);
      expect((await apply({ couponId: coupon.id, customerId })).status).toBe(201);
      expect((await call('GET', `/coupons/${coupon.id}`)).body.redemptions).toBe(2);
    });

    it('when a FIXED_AMOUNT coupon is in another currency than the customer’s', async () => {
      const coupon = await createCoupon({
        discountType: 'FIXED_AMOUNT',
        percentage: undefined,
        amount: 5,
        currency: 'EUR',
      });
      await expectRefusal({ couponId: coupon.id, customerId: await createCustomer({ currency: 'USD' }) }, 'EUR');
      expect((await apply({ couponId: coupon.id, customerId: await createCustomer({ currency: 'EUR' }) })).status).toBe(
        201,
      );
    });
  });

  it('counts redemptions exactly under concurrency: 20 applies, maxRedemptions 5, 5 succeed', async () => {
    const coupon = await createCoupon({ maxRedemptions: 5 });
    const customers: string[] = [];
    for (let index = 0; index < 20; index += 1) customers.push(await createCustomer());
    const replies = await Promise.all(customers.map((customerId) => apply({ couponId: coupon.id, customerId })));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect((await call('GET', `/coupons/${coupon.id}`)).body.redemptions).toBe(5);
    expect(await sql('select id from $schema.applied_coupons')).toHaveLength(5);
  });

  it('applies once when the same customer races itself', async () => {
    const coupon = await createCoupon();
    const customerId = await createCustomer();
    const replies = await Promise.all(Array.from({ length: 8 }, () => apply({ couponId: coupon.id, customerId })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await call('GET', `/coupons/${coupon.id}`)).body.redemptions).toBe(1);
  });

  describe('remove', () => {
    it('terminates, keeps the redemption, and answers 409 the second time', async () => {
      const coupon = await createCoupon({ frequency: 'RECURRING', frequencyDuration: 2 });
      const applied = await apply({ couponId: coupon.id, customerId: await createCustomer() });
      const removed = await call('DELETE', `/coupons/applied/${String(applied.body.id)}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ ...applied.body, status: 'TERMINATED', terminatedAt: TIMESTAMP });
      expect((await call('GET', `/coupons/${coupon.id}`)).body.redemptions).toBe(1);
      const again = await call('DELETE', `/coupons/applied/${String(applied.body.id)}`);
      expect(again).toMatchObject({ status: 409, body: { error: 'applied_coupon_terminated' } });
    });

    it('answers 404 for an unknown applied coupon and for another tenant’s', async () => {
      const coupon = await createCoupon();
      const applied = await apply({ couponId: coupon.id, customerId: await createCustomer() });
      const unknown = await call('DELETE', `/coupons/applied/${UNKNOWN_APPLIED}`);
      expect(unknown).toMatchObject({ status: 404, body: { error: 'applied_coupon_not_found' } });
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('DELETE', `/coupons/applied/${String(applied.body.id)}`, { token: other.apiKey });
      expect(theirs).toMatchObject({ status: 404, body: { error: 'applied_coupon_not_found' } });
      expect(await sql("select id from $schema.applied_coupons where status = 'ACTIVE'")).toHaveLength(1);
    });
  });
});
