import type { IsolationFactory } from './isolation-factory';

/** Tenant isolation: an API key of the owner, addressed by `/tenants/me/api-keys/:id`. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/tenants/me/api-keys/:id': {
    create: async ({ owner, call }) => {
      const body = { name: 'isolation', scopes: ['customers:read'] };
      const created = await call(owner.accessToken, 'POST', '/tenants/me/api-keys', body);
      return { id: String(created.body.id) };
    },
    ownerStillHas: async ({ owner, call }, params) => {
      const listed = await call(owner.accessToken, 'GET', '/tenants/me/api-keys?limit=100');
      expect((listed.body.data as { id: string }[]).map((key) => key.id)).toContain(params.id);
    },
  },
};
