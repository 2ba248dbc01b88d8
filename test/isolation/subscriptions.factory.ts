import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

async function createSubscription({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const suffix = randomBytes(6).toString('hex');
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId: `isolation-${suffix}`,
    email: 'isolation@example.com',
    currency: 'USD',
  });
  const plan = await call(owner.apiKey, 'POST', '/plans', {
    name: 'Isolation',
    code: `isolation-${suffix}`,
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  });
  const created = await call(owner.apiKey, 'POST', '/subscriptions', {
    customerId: customer.body.id,
    planId: plan.body.id,
    currency: 'USD',
    metadata: { owner: 'yes' },
  });
  if (created.status !== 201) throw new Error(`subscription not created: ${JSON.stringify(created.body)}`);
  return { id: String(created.body.id) };
}

/** Tenant isolation: a subscription of the owner (its workflow waits on the default queue; nothing runs it). */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/subscriptions/:id': {
    create: createSubscription,
    bodies: {
      'PATCH /subscriptions/:id': { metadata: { owner: 'no' } },
      'POST /subscriptions/:id/cancel': { cancelAt: 'now' },
      'POST /subscriptions/:id/change-plan': { newPlanId: 'plan_01JD7X3Q8K9V2N4M6P8R0S2T4W' },
    },
    ownerStillHas: async ({ owner, call }, params) => {
      const found = await call(owner.apiKey, 'GET', `/subscriptions/${params.id ?? ''}`);
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ status: 'ACTIVE', metadata: { owner: 'yes' } });
    },
  },
};
