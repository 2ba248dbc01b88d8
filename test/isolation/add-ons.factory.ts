import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

const unique = () => randomBytes(6).toString('hex');

async function createAddOn({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const body = {
    name: 'Isolation',
    code: `isolation-${unique()}`,
    type: 'ONE_TIME',
    prices: [{ currency: 'USD', amount: 10 }],
  };
  const created = await call(owner.apiKey, 'POST', '/add-ons', body);
  return { id: String(created.body.id) };
}

/** An add-on applied to a USD customer of the owner. */
async function createAppliedAddOn(context: FactoryContext): Promise<{ id: string }> {
  const { owner, call } = context;
  const addOn = await createAddOn(context);
  const suffix = unique();
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId: `isolation-${suffix}`,
    email: `isolation-${suffix}@example.com`,
    currency: 'USD',
  });
  const applied = await call(owner.apiKey, 'POST', '/add-ons/apply', {
    addOnId: addOn.id,
    customerId: String(customer.body.id),
  });
  return { id: String(applied.body.id) };
}

/** Asserts the owner's add-on is still there, unrenamed, with its USD price at 10. */
async function ownerStillHasAddOn({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const addOn = await call(owner.apiKey, 'GET', `/add-ons/${params.id ?? ''}`);
  expect(addOn.status).toBe(200);
  expect(addOn.body).toMatchObject({ name: 'Isolation', prices: [{ currency: 'USD', amount: 10 }] });
}

/** Asserts the owner's applied add-on is still PENDING. */
async function ownerStillHasApplied({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const list = await call(owner.apiKey, 'GET', '/add-ons/applied/list?status=PENDING&limit=100');
  expect(list.status).toBe(200);
  expect((list.body.data as { id: string }[]).map((applied) => applied.id)).toContain(params.id);
}

/** Tenant isolation: an add-on of the owner, and an add-on applied to one of its customers. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/add-ons/:id': {
    create: createAddOn,
    bodies: { 'PATCH /add-ons/:id': { name: 'Renamed by another tenant' } },
    ownerStillHas: ownerStillHasAddOn,
  },
  '/add-ons/applied/:id': { create: createAppliedAddOn, ownerStillHas: ownerStillHasApplied },
};
