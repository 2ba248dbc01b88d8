import { toCurrencyCode } from '../../domain/money';
import type { InvoiceDocument, InvoiceDocumentAdjustment } from './invoice-document';
import { renderInvoicePdf } from './invoice-pdf';
import { extractPdfPages } from '../../test/checks/pdf-text';
import { sampleInvoiceDocument } from './sample-invoice';

const PAY_URL = sampleInvoiceDocument().payUrl!;

const render = async (document: InvoiceDocument): Promise<string[]> =>
  extractPdfPages(await renderInvoicePdf(document));

function withInvoice(changes: Partial<InvoiceDocument['invoice']>, timeZone = 'UTC'): InvoiceDocument {
  const sample = sampleInvoiceDocument();
  return { ...sample, timeZone, invoice: { ...sample.invoice, ...changes } };
}

/** Text without the line breaks a wrapped link gets. */
const unwrapped = (text: string): string => text.replace(/\n/g, '');

const creditNote = (reference: string, date: string, amount: bigint): InvoiceDocumentAdjustment => ({
  kind: 'credit_note',
  reference,
  date: new Date(date),
  amount,
});
const refund = (reference: string, date: string, amount: bigint): InvoiceDocumentAdjustment => ({
  kind: 'refund',
  reference,
  date: new Date(date),
  amount,
});

const PAID = { status: 'PAID' as const, amountPaid: 122580n, amountDue: 0n };

describe('renderInvoicePdf: pay link, refunds and credit notes', () => {
  it('prints the pay link under the amount due while something is due, as a clickable link', async () => {
    const pdf = await renderInvoicePdf(sampleInvoiceDocument());
    const [text] = await extractPdfPages(pdf);
    expect(text).toContain('Amount due 1,225.80 USD\nPay online\nhttps://billing.acme.example/portal/pay/');
    expect(unwrapped(text!)).toContain(`Pay online${PAY_URL}`);
    // The label and each line of the printed address carry a URI action to the link.
    const uriActions = pdf.toString('latin1').split(`/URI (${PAY_URL})`).length - 1;
    expect(uriActions).toBe(3);
  });

  it('prints the link for an uncollectible invoice, which can still be paid', async () => {
    const [text] = await render(withInvoice({ status: 'UNCOLLECTIBLE' }));
    expect(text).toContain('Invoice\nUncollectible\n');
    expect(unwrapped(text!)).toContain(PAY_URL);
  });

  it.each([
    ['paid', withInvoice(PAID)],
    ['voided', withInvoice({ status: 'VOIDED', amountDue: 0n })],
    ['a draft', withInvoice({ status: 'DRAFT', number: null, issuedAt: null, dueDate: null })],
    ['open without a link to give', { ...sampleInvoiceDocument(), payUrl: null }],
  ])('prints no pay link when the invoice is %s', async (_, document) => {
    const pdf = await renderInvoicePdf(document);
    const [text] = await extractPdfPages(pdf);
    expect(text).not.toContain('Pay online');
    expect(unwrapped(text!)).not.toContain('/portal/pay/');
    expect(pdf.toString('latin1')).not.toContain('/URI');
  });

  it('lists credit notes and refunds with dates and amounts, and a fully refunded invoice reads Refunded', async () => {
    const document = withInvoice(
      {
        ...PAID,
        amountRefunded: 122580n,
        adjustments: [
          creditNote('CN-2026-000007', '2026-01-20T23:30:00Z', 2580n),
          refund('re_01KAQ5P0000000000000000001', '2026-01-22T10:00:00Z', 122580n),
        ],
      },
      'Europe/Berlin',
    );
    const [text] = await render(document);
    expect(text).toContain('Invoice\nRefunded\nInvoice number INV-2026-000042');
    expect(text).toContain(
      'CREDIT NOTES AND REFUNDS\nDocument Date Amount (USD)\n' +
        'Credit note CN-2026-000007 2026-01-21 25.80\n' +
        'Refund re_01KAQ5P0000000000000000001 2026-01-22 1,225.80',
    );
    expect(text).not.toContain('Pay online');
  });

  it('reads Partially refunded when part of the payment went back', async () => {
    const document = withInvoice({
      ...PAID,
      amountRefunded: 22580n,
      adjustments: [refund('re_01KAQ5P0000000000000000002', '2026-01-22T10:00:00Z', 22580n)],
    });
    const [text] = await render(document);
    expect(text).toContain('Invoice\nPartially refunded\n');
    expect(text).toContain('Refund re_01KAQ5P0000000000000000002 2026-01-22 225.80');
  });

  it('writes the amounts with the currency exponent: JPY without decimals, KWD with three', async () => {
    const [yen] = await render(
      withInvoice({
        currency: toCurrencyCode('JPY'),
        ...PAID,
        amountPaid: 13500n,
        amountRefunded: 1500n,
        adjustments: [
          creditNote('CN-2026-000001', '2026-01-20T10:00:00Z', 1200n),
          refund('re_01KAQ5P0000000000000000003', '2026-01-21T10:00:00Z', 1500n),
        ],
      }),
    );
    expect(yen).toContain('Document Date Amount (JPY)\nCredit note CN-2026-000001 2026-01-20 1,200\n');
    expect(yen).toContain('Refund re_01KAQ5P0000000000000000003 2026-01-21 1,500');
    const [dinar] = await render(
      withInvoice({
        currency: toCurrencyCode('KWD'),
        ...PAID,
        amountPaid: 5000n,
        amountRefunded: 1234n,
        adjustments: [refund('re_01KAQ5P0000000000000000004', '2026-01-21T10:00:00Z', 1234n)],
      }),
    );
    expect(dinar).toContain('Document Date Amount (KWD)\nRefund re_01KAQ5P0000000000000000004 2026-01-21 1.234');
  });

  it('moves the pay link and the list to a new page when they do not fit, and numbers it', async () => {
    const lines = Array.from({ length: 38 }, (_, index) => ({
      description: `Seat ${String(index + 1)}`,
      quantity: '1',
      unitAmount: '1',
      amount: 100n,
      periodStart: null,
      periodEnd: null,
    }));
    const adjustments = Array.from({ length: 12 }, (_, index) =>
      creditNote(`CN-2026-${String(index + 1).padStart(6, '0')}`, '2026-01-20T10:00:00Z', 100n),
    );
    const pages = await render(withInvoice({ lines, subtotal: 3800n, total: 3800n, amountDue: 2600n, adjustments }));
    const all = pages.join('\n');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(all).toContain('Amount due 26.00 USD\nPay online');
    for (const adjustment of adjustments) expect(all.split(`Credit note ${adjustment.reference} `).length).toBe(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it('renders the same bytes for the same state, and different ones once a refund is listed', async () => {
    const paid = withInvoice(PAID);
    const refunded = withInvoice({
      ...PAID,
      amountRefunded: 122580n,
      adjustments: [refund('re_01KAQ5P0000000000000000005', '2026-01-22T10:00:00Z', 122580n)],
    });
    const first = await renderInvoicePdf(paid);
    expect(first.equals(await renderInvoicePdf(withInvoice(PAID)))).toBe(true);
    expect(first.equals(await renderInvoicePdf(refunded))).toBe(false);
  });
});
