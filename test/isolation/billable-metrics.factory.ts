import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

/** Creates a SUM metric with a `region` filter in the owner's tenant; exported for the charges factory. */
export async function createIsolationMetric({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const body = {
    name: 'Isolation',
    code: `isolation-${randomBytes(6).toString('hex')}`,
    aggregationType: 'SUM',
    fieldName: 'bytes',
    filters: [{ key: 'region', values: ['eu', 'us'] }],
  };
  const created = await call(owner.apiKey, 'POST', '/billable-metrics', body);
  if (created.status !== 201) throw new Error(`metric not created: ${JSON.stringify(created.body)}`);
  return { id: String(created.body.id) };
}

/** Tenant isolation: a billable metric of the owner. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/billable-metrics/:id': {
    create: createIsolationMetric,
    bodies: { 'PATCH /billable-metrics/:id': { name: 'Renamed by another tenant' } },
    ownerStillHas: async ({ owner, call }, params) => {
      const metric = await call(owner.apiKey, 'GET', `/billable-metrics/${params.id ?? ''}`);
      expect(metric.status).toBe(200);
      expect(metric.body).toMatchObject({ name: 'Isolation' });
    },
  },
};
