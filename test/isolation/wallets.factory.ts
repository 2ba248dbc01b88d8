import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

const unique = () => randomBytes(6).toString('hex').toUpperCase();

/** A wallet of the owner with 10 granted credits, for a customer of its own. */
async function createWallet({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId: `iso-${unique()}`,
    email: `iso-${unique().toLowerCase()}@example.com`,
    currency: 'USD',
  });
  const created = await call(owner.apiKey, 'POST', '/wallets', {
    customerId: String(customer.body.id),
    name: 'Isolation',
    grantedCredits: 10,
  });
  return { id: String(created.body.id) };
}

/** Still ACTIVE, unrenamed, with its credits: another tenant's PATCH and DELETE reached nothing. */
async function ownerStillHasWallet({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const wallet = await call(owner.apiKey, 'GET', `/wallets/${params.id ?? ''}`);
  expect(wallet.status).toBe(200);
  expect(wallet.body).toMatchObject({ name: 'Isolation', status: 'ACTIVE', creditsBalance: 10 });
}

/** Tenant isolation: a wallet of the owner (its transactions are under the same path). */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/wallets/:id': {
    create: createWallet,
    bodies: { 'PATCH /wallets/:id': { name: 'Renamed by another tenant' } },
    ownerStillHas: ownerStillHasWallet,
  },
};
