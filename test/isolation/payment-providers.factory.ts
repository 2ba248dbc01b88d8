import type { IsolationFactory } from './isolation-factory';

/** Tenant isolation: a Paystack configuration of the owner, addressed by `/payment-providers/:id`. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/payment-providers/:id': {
    create: async ({ owner, call }) => {
      // One configuration per provider: a later route's create finds the first one (409) and reuses it.
      const body = { provider: 'PAYSTACK', credentials: { secretKey: 'sk_test_isolation0000000000000000' } };
      const created = await call(owner.apiKey, 'POST', '/payment-providers', body);
      if (created.status === 201) return { id: String(created.body.id) };
      const listed = await call(owner.apiKey, 'GET', '/payment-providers?limit=100');
      const existing = (listed.body.data as { id: string; provider: string }[]).find((p) => p.provider === 'PAYSTACK');
      return { id: String(existing?.id) };
    },
    bodies: { 'PATCH /payment-providers/:id': { isDefault: true, credentials: { secretKey: 'sk_test_stolen' } } },
    ownerStillHas: async ({ owner, call }, params) => {
      const id = params.id ?? '';
      const fetched = await call(owner.apiKey, 'GET', `/payment-providers/${id}`);
      expect(fetched.status).toBe(200);
      expect(fetched.body).toMatchObject({ id, isDefault: false, credentials: { secretKey: 'sk_test_…0000' } });
    },
  },
};
