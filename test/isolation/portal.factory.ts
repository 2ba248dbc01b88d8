import { randomBytes } from 'node:crypto';
import type { FactoryContext, IsolationFactory } from './isolation-factory';

/** A customer of the owner, known by its externalId, with an OPEN invoice the checkout route could address. */
async function createPortalCustomer({ owner, call }: FactoryContext): Promise<Record<string, string>> {
  const externalId = `iso-portal-${randomBytes(6).toString('hex')}`;
  const customer = await call(owner.apiKey, 'POST', '/customers', {
    externalId,
    email: `${externalId}@example.com`,
    currency: 'USD',
  });
  const invoice = await call(owner.apiKey, 'POST', '/invoices', {
    customerId: customer.body.id,
    items: [{ description: 'Isolation', quantity: 1, unitAmount: 10 }],
  });
  await call(owner.apiKey, 'POST', `/invoices/${String(invoice.body.id)}/finalize`);
  return { externalId, invoiceId: String(invoice.body.id) };
}

/** The other tenant's checkout started no payment of the owner's invoice. */
async function ownerInvoiceUnpaid({ owner, call }: FactoryContext, params: Record<string, string>): Promise<void> {
  const payments = await call(owner.apiKey, 'GET', `/payments?invoiceId=${params.invoiceId ?? ''}`);
  expect(payments.body.data).toEqual([]);
}

export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/portal/customers/:externalId': { create: createPortalCustomer, ownerStillHas: ownerInvoiceUnpaid },
};
