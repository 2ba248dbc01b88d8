import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

const unique = () => randomBytes(6).toString('hex');

/** A DRAFT credit note of the owner, against an OPEN manual invoice of 100.00 USD. */
async function createCreditNote({ owner, call }: FactoryContext): Promise<{ id: string }> {
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId: `iso-${unique()}`,
    email: `iso-${unique()}@example.com`,
    currency: 'USD',
  });
  const invoice = await call(owner.apiKey, 'POST', '/invoices', {
    customerId: String(customer.body.id),
    items: [{ description: 'Isolation', quantity: 1, unitAmount: 100 }],
  });
  const invoiceId = String(invoice.body.id);
  await call(owner.apiKey, 'POST', `/invoices/${invoiceId}/finalize`);
  const note = await call(owner.apiKey, 'POST', '/credit-notes', { invoiceId, reason: 'OTHER', amount: 10 });
  return { id: String(note.body.id) };
}

/** Still the same DRAFT: not finalized, voided or changed by the other tenant. */
async function ownerStillHas({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const note = await call(owner.apiKey, 'GET', `/credit-notes/${params.id ?? ''}`);
  expect(note.status).toBe(200);
  expect(note.body).toMatchObject({ status: 'DRAFT', amount: 10, reason: 'OTHER', number: null });
}

export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/credit-notes/:id': { create: createCreditNote, ownerStillHas },
};
