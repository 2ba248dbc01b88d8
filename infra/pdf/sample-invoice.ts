import { toCurrencyCode } from '../../domain/money';
import type { InvoiceDocument } from './invoice-document';

/**
 * A finalised USD invoice of the issue's upgrade example (29.00 → 79.00 on 2026-01-16): the sample kept in
 * docs/samples and the renderer tests' starting point.
 */
export function sampleInvoiceDocument(): InvoiceDocument {
  const instant = (text: string): Date => new Date(text);
  return {
    seller: {
      companyName: 'Acme Analytics GmbH',
      email: 'billing@acme.example',
      address: {
        line1: 'Torstraße 140',
        line2: '3rd floor',
        city: 'Berlin',
        postalCode: '10119',
        state: null,
        country: 'DE',
      },
      taxId: 'DE 123 456 789',
    },
    customer: { name: 'Globex Corporation', email: 'ap@globex.example', externalId: 'globex-42', country: 'US' },
    invoice: {
      id: 'inv_01KAQ5N3Z8W2V7X9Y4B6C1D3E5',
      number: 'INV-2026-000042',
      status: 'OPEN',
      currency: toCurrencyCode('USD'),
      issuedAt: instant('2026-01-16T09:30:00Z'),
      dueDate: instant('2026-02-15T09:30:00Z'),
      lines: [
        {
          description: 'Unused time on Starter after 2026-01-16',
          quantity: '1',
          unitAmount: '-14.97',
          amount: -1497n,
          periodStart: instant('2026-01-16T00:00:00Z'),
          periodEnd: instant('2026-02-01T00:00:00Z'),
        },
        {
          description: 'Remaining time on Growth from 2026-01-16',
          quantity: '1',
          unitAmount: '40.77',
          amount: 4077n,
          periodStart: instant('2026-01-16T00:00:00Z'),
          periodEnd: instant('2026-02-01T00:00:00Z'),
        },
        {
          description: 'API calls (metered, 1,250,000 calls at 0.0004)',
          quantity: '1250000',
          unitAmount: '0.0004',
          amount: 50000n,
          periodStart: instant('2026-01-01T00:00:00Z'),
          periodEnd: instant('2026-02-01T00:00:00Z'),
        },
        {
          description: 'Onboarding workshop',
          quantity: '2',
          unitAmount: '350',
          amount: 70000n,
          periodStart: null,
          periodEnd: null,
        },
      ],
      subtotal: 122580n,
      discount: 0n,
      discounts: [],
      tax: 0n,
      total: 122580n,
      amountCredited: 0n,
      prepaidCreditAmount: 0n,
      amountPaid: 0n,
      amountDue: 122580n,
      amountRefunded: 0n,
      adjustments: [],
    },
    payUrl:
      'https://billing.acme.example/portal/pay/ten_01KAQ5MZ0S7W4V1X2Y3B4C5D6E/inv_01KAQ5N3Z8W2V7X9Y4B6C1D3E5' +
      '?key=tJ1n8kq7VvQ3cS0aYbXr2mFz6hL5pW9dE4uG1oK7sNw',
    timeZone: 'UTC',
    createdAt: instant('2026-01-16T09:30:00Z'),
  };
}
