import type { FactoryContext, IsolationFactory } from './isolation-factory';
import { createOwnerInvoice } from './invoices.factory';

/** A MANUAL payment of the owner: an invoice finalized and marked paid. */
async function createPayment(context: FactoryContext): Promise<Record<string, string>> {
  const { owner, call } = context;
  const { id: invoiceId } = await createOwnerInvoice(context);
  await call(owner.apiKey, 'POST', `/invoices/${invoiceId}/finalize`);
  await call(owner.apiKey, 'POST', `/invoices/${invoiceId}/mark-paid`);
  const payments = await call(owner.apiKey, 'GET', `/payments?invoiceId=${invoiceId}`);
  const [payment] = payments.body.data as { id: string }[];
  return { id: payment?.id ?? '' };
}

export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/payments/:id': { create: createPayment },
};
