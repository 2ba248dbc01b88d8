import type { IsolationFactory } from './isolation-factory';

/** Tenant isolation: a customer of the owner, addressed by `/customers/:id` (and its nested lists). */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/customers/:id': {
    create: async ({ owner, call }) => {
      const externalId = `isolation-${Date.now()}-${Math.random().toString(36).slice(2)}`;
      const body = { externalId, email: 'isolation@example.com', currency: 'USD' };
      const created = await call(owner.apiKey, 'POST', '/customers', body);
      if (created.status !== 201) throw new Error(`customer not created: ${JSON.stringify(created.body)}`);
      return { id: String(created.body.id) };
    },
    bodies: { 'PATCH /customers/:id': { name: 'Changed by another tenant' } },
    ownerStillHas: async ({ owner, call }, params) => {
      const found = await call(owner.apiKey, 'GET', `/customers/${params.id}`);
      expect(found.status).toBe(200);
      expect(found.body.name).toBeNull();
    },
  },
};
