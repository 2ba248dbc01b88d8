import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import { apiClient } from '../../test/harness/api-client';
import { ownDatabase } from '../../test/harness/own-database';
import {
  checkout,
  openInvoice,
  paymentWhen,
  startPaymentPath,
  type PayingTenant,
  type PaymentPath,
} from '../../test/scenarios/payment-path';

/** Debian's package, installed by infra/setup/ensure-installed.sh; nothing downloads a browser build. */
const CHROMIUM = '/usr/bin/chromium';

const database = ownDatabase();

/**
 * The sandbox's checkout page as a tester uses it: headless Chromium (playwright-core) on the checkout URL the API
 * gave, the real API and a worker process: Pay pays the invoice, Decline fails the payment, a form without its
 * token changes nothing.
 */
describe('the sandbox checkout page in a real browser', () => {
  let path: PaymentPath;
  let payer: PayingTenant;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    // Failing, not skipping: `npm test` must not pass without the browser test having run.
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM}: run \`npm run setup\``);
    path = await startPaymentPath('sandbox-page', database.env());
    const tenant = await createTenantFixture(path.api.orm, path.api.config);
    const call = apiClient(() => ({ baseUrl: `${path.api.url}/api`, token: tenant.apiKey }));
    const configured = await call('POST', '/payment-providers', { body: { provider: 'SANDBOX', isDefault: true } });
    expect(configured.status).toBe(201);
    payer = { tenant, call, providerId: String(configured.body.id) };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    page = await (await browser.newContext({ locale: 'en-US' })).newPage();
    page.setDefaultTimeout(5_000);
  });
  afterAll(async () => {
    await browser?.close();
    await path.close();
  });

  const newCheckout = async (amount: number) => {
    const invoiceId = await openInvoice(payer, 'EUR', amount);
    const payment = await checkout(payer, invoiceId, { successUrl: `${path.api.url}/health` });
    return { invoiceId, paymentId: String(payment.id), checkoutUrl: String(payment.checkoutUrl) };
  };

  test('shows the amount and description; Pay pays the invoice and offers the way back', async () => {
    const { invoiceId, paymentId, checkoutUrl } = await newCheckout(19.99);
    const opened = await page.goto(checkoutUrl);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect(page.getByTestId('amount').innerText()).resolves.toBe('19.99 EUR');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/^Invoice /);

    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByTestId('status').innerText()).resolves.toBe('This checkout is PAID.');
    await expect(page.getByRole('link', { name: 'Back to the merchant' }).getAttribute('href')).resolves.toBe(
      `${path.api.url}/health`,
    );
    await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'PAID' });

    // The page shows the outcome from then on, without buttons.
    await page.goto(checkoutUrl);
    expect(await page.getByRole('button').count()).toBe(0);
  });

  test('Decline fails the payment and leaves the invoice OPEN', async () => {
    const { invoiceId, paymentId, checkoutUrl } = await newCheckout(5);
    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByTestId('status').innerText()).resolves.toBe('This checkout is DECLINED.');
    expect(await paymentWhen(payer, paymentId, 'FAILED')).toMatchObject({ failureReason: 'declined' });
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'OPEN' });
  });

  test('a form posted without its token (another site, no cookie) is 403 and changes nothing', async () => {
    const { paymentId, checkoutUrl } = await newCheckout(7);
    const forged = await fetch(`${checkoutUrl}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'csrf=forged',
    });
    expect(forged.status).toBe(403);
    expect((await payer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({ status: 'PENDING' });
    const unknown = await fetch(`${path.api.url}/sandbox/checkout/cs_sbx_unknown`);
    expect([unknown.status, unknown.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
  });
});
