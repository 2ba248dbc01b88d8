import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

const unique = () => randomBytes(6).toString('hex');

/** A DRAFT invoice of the owner (for its own customer). */
export async function createOwnerInvoice({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId: `iso-${unique()}`,
    email: `iso-${unique()}@example.com`,
    currency: 'USD',
  });
  const invoice = await call(owner.apiKey, 'POST', '/invoices', {
    customerId: customer.body.id,
    items: [{ description: 'Isolation', quantity: 1, unitAmount: 10 }],
  });
  return { id: String(invoice.body.id) };
}

/** Still a DRAFT: the other tenant's finalize, void and mark-paid changed nothing. */
async function ownerStillHasInvoice({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const invoice = await call(owner.apiKey, 'GET', `/invoices/${params.id ?? ''}`);
  expect(invoice.status).toBe(200);
  expect(invoice.body).toMatchObject({ status: 'DRAFT', number: null, total: 10 });
}

export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/invoices/:id': { create: createOwnerInvoice, ownerStillHas: ownerStillHasInvoice },
};
