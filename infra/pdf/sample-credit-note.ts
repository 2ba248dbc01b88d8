import { toCurrencyCode } from '../../domain/money';
import type { CreditNoteDocument } from './credit-note-document';
import { sampleInvoiceDocument } from './sample-invoice';

/** A credit note of two items on the sample invoice (the outage credit): the sample in docs/samples, and the tests'. */
export function sampleCreditNoteDocument(): CreditNoteDocument {
  const invoice = sampleInvoiceDocument();
  return {
    seller: invoice.seller,
    customer: invoice.customer,
    creditNote: {
      id: 'cn_01KAQ6B2C3D4E5F6G7H8J9K0M1',
      number: 'CN-2026-000007',
      status: 'FINALIZED',
      reason: 'PRODUCT_UNSATISFACTORY',
      description: 'API outage on 2026-01-12 (4 hours): the service credit of our SLA.',
      currency: toCurrencyCode('USD'),
      issuedAt: new Date('2026-01-20T14:00:00Z'),
      voidedAt: null,
      amount: 12580n,
      items: [
        { description: 'Service credit: API calls, 2026-01-12', amount: 5580n },
        { description: 'Onboarding workshop: second session not held', amount: 7000n },
      ],
    },
    invoice: { id: invoice.invoice.id, number: invoice.invoice.number, issuedAt: invoice.invoice.issuedAt },
    timeZone: 'UTC',
    createdAt: new Date('2026-01-20T14:00:00Z'),
  };
}
