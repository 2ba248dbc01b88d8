import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

/** A subscription of the owner with one COUNT event recorded through POST /events. */
async function createEvent({ owner, call }: FactoryContext): Promise<{ id: string; subscriptionId: string }> {
  const suffix = randomBytes(6).toString('hex');
  const created = async (path: string, body: unknown) => {
    const reply = await call(owner.apiKey, 'POST', path, body);
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return String(reply.body.id);
  };
  const customerId = await created('/customers', {
    externalId: `isolation-${suffix}`,
    email: 'isolation@example.com',
    currency: 'USD',
  });
  const planId = await created('/plans', {
    name: 'Isolation',
    code: `isolation-${suffix}`,
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  });
  const code = `calls_${suffix}`;
  await created('/billable-metrics', { name: 'Calls', code, aggregationType: 'COUNT' });
  const subscriptionId = await created('/subscriptions', { customerId, planId, currency: 'USD' });
  const id = await created('/events', { transactionId: `isolation-${suffix}`, subscriptionId, code });
  return { id, subscriptionId };
}

/** Tenant isolation: a usage event of the owner, addressed by its id and by its subscription. */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/events/:id': { create: createEvent },
  '/events/subscription/:subscriptionId': { create: createEvent },
};
