import type { IsolationFactory } from './isolation-factory';

/**
 * Tenant isolation: an outbound webhook event of the owner, addressed by `/tenants/me/webhook-events/:id`. Voiding
 * a finalized manual invoice records `invoice.voided` in the owner's outbox.
 */
export const isolationFactories: Readonly<Record<string, IsolationFactory>> = {
  '/tenants/me/webhook-events/:id': {
    create: async ({ owner, call }) => {
      const customer = await call(owner.apiKey, 'POST', '/customers', {
        externalId: 'isolation-webhooks',
        email: 'isolation-webhooks@example.com',
        name: 'Isolation',
        currency: 'USD',
      });
      const invoice = await call(owner.apiKey, 'POST', '/invoices', {
        customerId: String(customer.body.id),
        items: [{ description: 'Isolation', quantity: 1, unitAmount: 10 }],
      });
      const invoiceId = String(invoice.body.id);
      await call(owner.apiKey, 'POST', `/invoices/${invoiceId}/finalize`);
      await call(owner.apiKey, 'POST', `/invoices/${invoiceId}/void`);
      const events = await call(owner.accessToken, 'GET', '/tenants/me/webhook-events?event=invoice.voided');
      const [event] = events.body.data as { id: string }[];
      if (event === undefined) throw new Error('voiding an invoice recorded no webhook event');
      return { id: event.id };
    },
    ownerStillHas: async ({ owner, call }, params) => {
      const event = await call(owner.accessToken, 'GET', `/tenants/me/webhook-events/${params.id}`);
      expect(event.status).toBe(200);
    },
  },
};
