import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

const uniqueCode = () => `isolation-${randomBytes(6).toString('hex')}`;

async function createPlan({ owner, call }: FactoryContext): Promise<{ id: string; priceId: string }> {
  const body = {
    name: 'Isolation',
    code: uniqueCode(),
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 49.99 }],
  };
  const created = await call(owner.apiKey, 'POST', '/plans', body);
  const [price] = created.body.prices as { id: string }[];
  return { id: String(created.body.id), priceId: String(price?.id) };
}

/** Asserts the owner's plan is still there, unrenamed, with its USD price at 49.99. */
async function ownerStillHas({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const plan = await call(owner.apiKey, 'GET', `/plans/${params.id ?? ''}`);
  expect(plan.status).toBe(200);
  expect(plan.body).toMatchObject({ name: 'Isolation', prices: [{ currency: 'USD', amount: 49.99 }] });
}

/** Tenant isolation: a plan of the owner, and one of its prices. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/plans/:id': {
    create: createPlan,
    bodies: {
      'PATCH /plans/:id': { name: 'Renamed by another tenant' },
      'POST /plans/:id/prices': { currency: 'EUR', amount: 10 },
    },
    ownerStillHas,
  },
  '/plans/:id/prices/:priceId': {
    create: createPlan,
    bodies: { 'PATCH /plans/:id/prices/:priceId': { amount: 1 } },
    ownerStillHas,
  },
};
