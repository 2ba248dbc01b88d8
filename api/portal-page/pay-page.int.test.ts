import { extractPdfPages } from '../../test/checks/pdf-text';
import { ownDatabase } from '../../test/harness/own-database';
import {
  openInvoice,
  paymentWhen,
  startSandboxPath,
  type PayingTenant,
  type PaymentPath,
} from '../../test/scenarios/payment-path';
import { PORTAL_CSP } from './security-headers';

const database = ownDatabase();

/**
 * The pay link an invoice PDF prints, followed as a customer would: the page, the Pay button to the SANDBOX
 * provider's checkout (real API, real worker process), the payment, and the page and PDF once paid.
 */
describe('the pay link of an invoice PDF', () => {
  let path: PaymentPath;
  let payer: PayingTenant;

  beforeAll(async () => {
    ({ path, payer } = await startSandboxPath('pay-link', database.env()));
  });
  afterAll(() => path.close());

  const pdfText = async (invoiceId: string): Promise<string> => {
    const response = await payer.call('GET', `/invoices/${invoiceId}/pdf`);
    expect(response.status).toBe(200);
    return (await extractPdfPages(response.bytes)).join('\n');
  };

  /** The link as printed, made absolute against the running API (PUBLIC_URL names its configured origin). */
  const payLinkOf = (text: string): URL => {
    const printed = /Pay online\n([^]*?)\n(?:Test Company ·|CREDIT NOTES)/.exec(text)?.[1]?.replace(/\n/g, '');
    expect(printed).toBeDefined();
    const link = new URL(printed!);
    return new URL(`${link.pathname}${link.search}`, path.api.url);
  };

  const open = (url: URL, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  const pay = (url: URL) =>
    open(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' });

  it('shows the invoice, sends Pay to the provider’s checkout, and reads Paid once paid', async () => {
    const invoiceId = await openInvoice(payer, 'EUR', 42.5);
    const link = payLinkOf(await pdfText(invoiceId));

    const page = await open(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    const html = await page.text();
    expect(html).toContain('<p class="brand">Test Company</p>');
    expect(html).toContain('Pay 42.50 EUR');
    expect(html).toContain(`action="${link.pathname}${link.search.replace(/&/g, '&amp;')}"`);

    const sent = await pay(link);
    expect(sent.status).toBe(303);
    const checkoutUrl = String(sent.headers.get('location'));
    expect(checkoutUrl).toMatch(new RegExp(`^${path.api.url}/sandbox/checkout/cs_sbx_[\\w-]+$`));
    // Pressing Pay again reaches the same checkout: the invoice has one open payment.
    expect((await pay(link)).headers.get('location')).toBe(checkoutUrl);

    const payments = await payer.call('GET', `/payments?invoiceId=${invoiceId}`);
    const [payment] = payments.body.data as { id: string; checkoutUrl: string }[];
    expect(payment?.checkoutUrl).toBe(checkoutUrl);
    expect((await payer.call('POST', `/payments/${payment!.id}/sandbox/pay`)).status).toBe(200);
    await paymentWhen(payer, payment!.id, 'SUCCEEDED');

    const after = await (await open(link)).text();
    expect(after).toContain('This invoice has been paid: nothing is due.');
    expect(after).not.toContain('<form');
    const paidText = await pdfText(invoiceId);
    expect(paidText).toContain('Invoice\nPaid\n');
    expect(paidText).not.toContain('Pay online');
    // Paying through an old link now changes nothing and says online payment is not available.
    const late = await pay(link);
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toBe(
      `${path.api.config.publicUrl}${link.pathname}${link.search}&notice=payment-unavailable`,
    );
  });

  it('refuses a link whose key is not the invoice’s, and says so without naming anything', async () => {
    const invoiceId = await openInvoice(payer, 'EUR', 10);
    const link = payLinkOf(await pdfText(invoiceId));
    const otherInvoiceId = await openInvoice(payer, 'EUR', 11);
    const forged = new URL(link.href.replace(invoiceId, otherInvoiceId));
    for (const url of [forged, new URL(`${link.pathname}?key=x`, link), new URL(link.pathname, link)]) {
      const page = await open(url);
      expect(page.status).toBe(401);
      const html = await page.text();
      expect(html).not.toContain('Test Company');
      expect((await pay(url)).status).toBe(401);
    }
    expect((await payer.call('GET', `/payments?invoiceId=${otherInvoiceId}`)).body.data).toEqual([]);
  });

  it('shows nothing of a deleted customer’s invoice and opens no checkout for it (401)', async () => {
    const invoiceId = await openInvoice(payer, 'EUR', 12);
    const link = payLinkOf(await pdfText(invoiceId));
    expect((await open(link)).status).toBe(200);
    const customerId = String((await payer.call('GET', `/invoices/${invoiceId}`)).body.customerId);
    expect((await payer.call('DELETE', `/customers/${customerId}`)).status).toBe(200);
    const page = await open(link);
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain('Test Company');
    expect((await pay(link)).status).toBe(401);
    expect((await payer.call('GET', `/payments?invoiceId=${invoiceId}`)).body.data).toEqual([]);
  });
});
