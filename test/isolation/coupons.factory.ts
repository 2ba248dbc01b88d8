import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

const unique = () => randomBytes(6).toString('hex').toUpperCase();

async function createCoupon({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const body = {
    code: `ISO-${unique()}`,
    name: 'Isolation',
    discountType: 'PERCENTAGE',
    percentage: 10,
    frequency: 'ONCE',
  };
  const created = await call(owner.apiKey, 'POST', '/coupons', body);
  return { id: String(created.body.id) };
}

/** An applied coupon of the owner; the coupon and customer ids come along for `ownerStillHas`. */
async function applyCoupon(context: FactoryContext): Promise<Record<string, string>> {
  const { owner, call } = context;
  const { id: couponId } = await createCoupon(context);
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId: `iso-${unique()}`,
    email: `iso-${unique().toLowerCase()}@example.com`,
    currency: 'USD',
  });
  const customerId = String(customer.body.id);
  const applied = await call(owner.apiKey, 'POST', '/coupons/apply', { couponId, customerId });
  return { id: String(applied.body.id), couponId, customerId };
}

async function ownerStillHasCoupon({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const coupon = await call(owner.apiKey, 'GET', `/coupons/${params.id ?? ''}`);
  expect(coupon.status).toBe(200);
  expect(coupon.body).toMatchObject({ name: 'Isolation', isActive: true });
}

/** Still ACTIVE: applying the same coupon to the same customer again is refused as already applied. */
async function ownerStillHasApplied({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const again = await call(owner.apiKey, 'POST', '/coupons/apply', {
    couponId: params.couponId,
    customerId: params.customerId,
  });
  expect(again.status).toBe(409);
  expect(String(again.body.message)).toContain('already applied');
}

/** Tenant isolation: a coupon of the owner, and an applied coupon. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/coupons/:id': {
    create: createCoupon,
    bodies: { 'PATCH /coupons/:id': { name: 'Renamed by another tenant' } },
    ownerStillHas: ownerStillHasCoupon,
  },
  '/coupons/applied/:id': { create: applyCoupon, ownerStillHas: ownerStillHasApplied },
};
