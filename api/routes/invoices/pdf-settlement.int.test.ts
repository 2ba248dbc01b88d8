import { extractPdfPages } from '../../../test/checks/pdf-text';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

/**
 * What GET /invoices/:id/pdf tells the customer beyond the lines: the seller's tax id, the state in words, the pay
 * link while something is due, and the credit notes and refunds, through the real API.
 */
describe('GET /invoices/:id/pdf: seller, state, pay link, credit notes and refunds', () => {
  const { api, tenant, call } = setUpResourceTest({ tenant: 'all' });

  beforeAll(async () => {
    const body = {
      companyName: 'Acme Analytics GmbH',
      address: { line1: 'Torstraße 140', city: 'Berlin', postalCode: '10119', country: 'de' },
      taxId: 'DE123456789',
    };
    expect((await call('PATCH', '/tenants/me', { token: tenant.accessToken, body })).status).toBe(200);
  });

  let sequence = 0;
  /** An OPEN invoice of one line for a new customer in `currency`; its JSON. */
  async function openInvoice(currency: string, unitAmount: number, name = 'Globex Corporation'): Promise<Json> {
    sequence += 1;
    const customer = await call('POST', '/customers', {
      body: {
        externalId: `pdf-settle-${String(sequence)}-${String(Date.now())}`,
        name,
        email: 'ap@globex.example',
        currency,
      },
    });
    expect(customer.status).toBe(201);
    const draft = await call('POST', '/invoices', {
      body: { customerId: customer.body.id, items: [{ description: 'Platform fee', quantity: 1, unitAmount }] },
    });
    expect(draft.status).toBe(201);
    const finalized = await call('POST', `/invoices/${String(draft.body.id)}/finalize`);
    expect(finalized.status).toBe(200);
    return finalized.body;
  }

  const pdfText = async (invoiceId: unknown): Promise<string> => {
    const response = await call('GET', `/invoices/${String(invoiceId)}/pdf`);
    expect(response.status).toBe(200);
    return (await extractPdfPages(response.bytes)).join('\n');
  };

  const issueCreditNote = async (invoiceId: unknown, amount: number): Promise<Json> => {
    const created = await call('POST', '/credit-notes', {
      body: { invoiceId, reason: 'PRODUCT_UNSATISFACTORY', amount, description: 'Outage on 2026-01-12' },
    });
    expect(created.status).toBe(201);
    const finalized = await call('POST', `/credit-notes/${String(created.body.id)}/finalize`);
    expect(finalized.status).toBe(200);
    return finalized.body;
  };

  const day = (instant: unknown): string => String(instant).slice(0, 10);

  it('prints the seller’s tax id, "Due <date>" and a pay link to the hosted pay page while something is due', async () => {
    const invoice = await openInvoice('USD', 250);
    const text = await pdfText(invoice.id);
    expect(text).toContain('Acme Analytics GmbH\nTorstraße 140\n10119 Berlin\nGermany\nTax ID: DE123456789\n');
    expect(text).toContain(`Invoice\nDue ${day(invoice.dueDate)}\nInvoice number ${String(invoice.number)}`);
    expect(text).not.toMatch(/Status|OPEN/);
    const link = /Pay online\n([^]*?)\n(?:Acme Analytics GmbH ·|CREDIT NOTES)/.exec(text)?.[1]?.replace(/\n/g, '');
    expect(link).toMatch(
      new RegExp(`^${api.config.publicUrl}/portal/pay/${tenant.tenantId}/${String(invoice.id)}\\?key=[\\w-]{43}$`),
    );
    // The link opens the invoice's pay page on this API.
    const page = await fetch(`${api.url}${new URL(link!).pathname}${new URL(link!).search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Invoice ${String(invoice.number)}`);
    expect(html).toContain('Pay 250.00 USD');
  });

  it('lists a finalized credit note in JPY, without decimals, and lowers what is due', async () => {
    const invoice = await openInvoice('JPY', 15000);
    const note = await issueCreditNote(invoice.id, 1200);
    const text = await pdfText(invoice.id);
    expect(text).toContain('Total 15,000\nCredited -1,200\nAmount due 13,800 JPY\nPay online');
    expect(text).toContain(
      `CREDIT NOTES AND REFUNDS\nDocument Date Amount (JPY)\nCredit note ${String(note.number)} ${day(note.issuedAt)} 1,200`,
    );
  });

  it('reads Paid once a KWD credit note covers it all, with three decimals and no pay link', async () => {
    const invoice = await openInvoice('KWD', 1.234);
    const note = await issueCreditNote(invoice.id, 1.234);
    const text = await pdfText(invoice.id);
    expect(text).toContain('Invoice\nPaid\n');
    expect(text).toContain('Amount due 0.000 KWD');
    expect(text).toContain(`Credit note ${String(note.number)} ${day(note.issuedAt)} 1.234`);
    expect(text).not.toContain('Pay online');
  });

  it('reads Partially refunded, then Refunded, listing each refund of the payment with its date', async () => {
    const invoice = await openInvoice('USD', 300.01);
    expect((await call('POST', `/invoices/${String(invoice.id)}/mark-paid`)).status).toBe(200);
    expect(await pdfText(invoice.id)).toContain('Invoice\nPaid\n');
    const payments = await call('GET', `/payments?invoiceId=${String(invoice.id)}`);
    const paymentId = String((payments.body.data as Json[])[0]?.id);
    const first = await call('POST', `/payments/${paymentId}/refund`, { body: { amount: 100 } });
    expect(first.body).toMatchObject({ status: 'SUCCEEDED' });
    const partly = await pdfText(invoice.id);
    expect(partly).toContain('Invoice\nPartially refunded\n');
    expect(partly).toContain(`Refund ${String(first.body.id)} ${day(first.body.updatedAt)} 100.00`);
    const rest = await call('POST', `/payments/${paymentId}/refund`, { body: {} });
    expect(rest.body).toMatchObject({ status: 'SUCCEEDED', amount: 200.01 });
    const refunded = await pdfText(invoice.id);
    expect(refunded).toContain('Invoice\nRefunded\n');
    expect(refunded).toContain(
      `Refund ${String(first.body.id)} ${day(first.body.updatedAt)} 100.00\n` +
        `Refund ${String(rest.body.id)} ${day(rest.body.updatedAt)} 200.01`,
    );
    expect(refunded).not.toContain('Pay online');
  });

  it('reads Void for a voided invoice, without a pay link', async () => {
    const voided = await openInvoice('EUR', 10);
    expect((await call('POST', `/invoices/${String(voided.id)}/void`)).status).toBe(200);
    const voidText = await pdfText(voided.id);
    expect(voidText).toContain('Invoice\nVoid\n');
    expect(voidText).not.toContain('Pay online');
  });

  it('wraps a long customer name whole in the bill-to block', async () => {
    const name = `${'Internationale Handels- und Vertriebsgesellschaft '.repeat(3)}mbH & Co. KG`;
    const invoice = await openInvoice('EUR', 10, name);
    const text = await pdfText(invoice.id);
    const billTo = /BILL TO\n([^]*?)\nap@globex\.example/.exec(text)?.[1];
    expect(billTo?.split('\n').length).toBeGreaterThan(1);
    expect(billTo?.replace(/\n/g, ' ').replace(/ {2,}/g, ' ')).toBe(name.replace(/ {2,}/g, ' ').trim());
  });
});
