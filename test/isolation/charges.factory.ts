import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';
import { createIsolationMetric } from './billable-metrics.factory';

/** A plan of the owner, through POST /plans (a charge needs one). */
export async function createIsolationPlan({ owner, call }: FactoryContext): Promise<string> {
  const body = {
    name: 'Isolation',
    code: `isolation-${randomBytes(6).toString('hex')}`,
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  };
  const created = await call(owner.apiKey, 'POST', '/plans', body);
  if (created.status !== 201) throw new Error(`plan not created: ${JSON.stringify(created.body)}`);
  return String(created.body.id);
}

async function createCharge(context: FactoryContext): Promise<{ id: string; planId: string }> {
  const planId = await createIsolationPlan(context);
  const metric = await createIsolationMetric(context);
  const body = { planId, billableMetricId: metric.id, chargeModel: 'STANDARD', amount: 0.5 };
  const created = await context.call(context.owner.apiKey, 'POST', '/charges', body);
  if (created.status !== 201) throw new Error(`charge not created: ${JSON.stringify(created.body)}`);
  return { id: String(created.body.id), planId };
}

/** Tenant isolation: a STANDARD charge of the owner, addressed by its id and by its plan. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/charges/:id': {
    create: createCharge,
    bodies: { 'PATCH /charges/:id': { invoiceDisplayName: 'Changed by another tenant' } },
    ownerStillHas: async ({ owner, call }, params) => {
      const charge = await call(owner.apiKey, 'GET', `/charges/${params.id ?? ''}`);
      expect(charge.status).toBe(200);
      expect(charge.body).toMatchObject({ invoiceDisplayName: null, amount: 0.5 });
    },
  },
  '/charges/plan/:planId': { create: createCharge },
};
