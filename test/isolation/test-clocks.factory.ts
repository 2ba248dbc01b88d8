import type { IsolationFactory } from './isolation-factory';

/** Tenant isolation: a test clock of the owner, which the other tenant may neither read, advance nor delete. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/test-clocks/:id': {
    create: async ({ owner, call }) => {
      const created = await call(owner.apiKey, 'POST', '/test-clocks', { frozenTime: '2027-01-01T00:00:00.000Z' });
      if (created.status !== 201) throw new Error(`test clock not created: ${JSON.stringify(created.body)}`);
      return { id: String(created.body.id) };
    },
    bodies: { 'POST /test-clocks/:id/advance': { frozenTime: '2027-02-01T00:00:00.000Z' } },
    ownerStillHas: async ({ owner, call }, params) => {
      const clock = await call(owner.apiKey, 'GET', `/test-clocks/${params.id ?? ''}`);
      expect(clock.status).toBe(200);
      expect(clock.body).toMatchObject({ status: 'READY', frozenTime: '2027-01-01T00:00:00.000Z' });
    },
  },
};
