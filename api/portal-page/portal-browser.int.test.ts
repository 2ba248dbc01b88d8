import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { requireId } from '../../domain/ids';
import { newId } from '../../infra/ids';
import { createGateway } from '../../services/payments/gateways';
import { portalKeys, sealPortalSession } from '../../services/portal/sessions';
import { deliverNotification } from '../../test/fakes/fake-provider';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake';
import { saveSampleScreenshot } from '../../test/checks/sample-screenshot';
import { createPortalCustomer, portalLink, type PortalCustomer } from '../../test/fixtures/portal-fixture';
import { configureProvider, STRIPE_TEST_CREDENTIALS } from '../../test/fixtures/provider-payment-fixture';
import { setUpResourceTest } from '../../test/fixtures/resource-test';

/** Debian's package, installed by infra/setup/ensure-installed.sh; nothing downloads a browser build. */
const CHROMIUM = '/usr/bin/chromium';
/** Where the provider fake's checkout URLs point; the browser is answered by a stand-in page, never the network. */
const CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The hosted page as a customer uses it: headless Chromium driven by playwright-core against the real API, a worker
 * running the payment and subscription workflows, and the Stripe fake. One browser, one page, the tests in order:
 * each goes on from where the previous one left the customer.
 */
describe('the hosted portal page in a real browser', () => {
  const { api, call, tenant } = setUpResourceTest({
    tenant: 'all',
    api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;
  let customer: PortalCustomer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
    // Failing, not skipping: `npm test` must not pass without the browser test having run.
    if (!existsSync(CHROMIUM)) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: run \`npm run setup\` as root (it installs Debian's chromium with apt-get)`,
      );
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1100, height: 900 } });
    await context.route(`${CHECKOUT_ORIGIN}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Checkout</title><h1>Checkout</h1>' }),
    );
    page = await context.newPage();
    // A missing element fails the test in seconds, not at the 30 s default.
    page.setDefaultTimeout(5_000);
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    customer = await createPortalCustomer(call);
    const portal = { allowTopUp: true, allowCancel: true, allowPlanChange: true, planIds: [customer.otherPlanId] };
    const reply = await call('PATCH', '/tenants/me', { body: { settings: { portal } }, token: tenant.accessToken });
    expect(reply.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await stripe.close();
  });

  /** A URL of the app as the browser reaches it (links are made under PUBLIC_URL). */
  const reachable = (url: string) => `${api.url}${url.slice(api.config.publicUrl.length)}`;
  const invoiceRow = (number: unknown) => page.getByRole('row').filter({ has: page.getByText(String(number)) });
  /** Waits until the payment workflow has settled the invoice. */
  async function untilPaid(invoiceId: unknown): Promise<void> {
    for (let tries = 0; tries < 100; tries++) {
      if ((await call('GET', `/invoices/${String(invoiceId)}`)).body.status === 'PAID') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`invoice ${String(invoiceId)} was not PAID`);
  }
  /** The checkout session the browser was sent to; the fake confirms it with its signed notification. */
  async function confirmCheckout(): Promise<string> {
    await page.waitForURL((url) => url.origin === CHECKOUT_ORIGIN);
    const session = stripe.sessions().find((candidate) => candidate.url === page.url());
    if (session === undefined) throw new Error(`no checkout session at ${page.url()}`);
    const paymentId = session.client_reference_id ?? '';
    stripe.completePayment(paymentId);
    const delivered = await deliverNotification(stripe.paymentNotification(paymentId, api.url));
    expect(delivered.statusCode).toBe(200);
    return session.success_url;
  }

  test('opens the link: the token leaves the URL; usage so far and the invoices are shown, never the DRAFT', async () => {
    const entered = await page.goto(reachable(await portalLink(call, customer.externalId)));
    expect(entered?.status()).toBe(200);
    expect(page.url()).toBe(`${api.url}/portal`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Billing for Globex Corporation');
    await expect(page.locator('.brand').innerText()).resolves.toBe('Test Company');
    // The API-calls charge: 3 events at $0.05 each, labelled "so far".
    const usage = page.getByRole('table', { name: /^Usage so far/ });
    await expect(usage.getByRole('row').nth(1).innerText()).resolves.toMatch(/\t3\t\$0\.15\t—$/);
    await expect(usage.getByRole('row').last().innerText()).resolves.toMatch(/^Total so far\t\$0\.15\t—$/);
    await expect(invoiceRow(customer.openInvoice.number).innerText()).resolves.toMatch(/OPEN[\s\S]*\$49\.99/);
    expect(await page.content()).not.toContain(String(customer.draftInvoice.id));
    await saveSampleScreenshot(page, 'portal-page.png');
  });

  test('downloads an invoice’s PDF', async () => {
    const number = String(customer.openInvoice.number);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: `PDF of invoice ${number}` }).click(),
    ]);
    expect(download.suggestedFilename()).toContain(`${number}.pdf`);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('pays an open invoice at the provider’s checkout and comes back to see it PAID', async () => {
    const number = String(customer.openInvoice.number);
    await page.getByRole('button', { name: `for invoice ${number}` }).click();
    const successUrl = await confirmCheckout();
    await untilPaid(customer.openInvoice.id);
    await page.goto(reachable(successUrl));
    await expect(page.getByRole('status').innerText()).resolves.toContain('Your payment is being confirmed');
    await expect(invoiceRow(number).innerText()).resolves.toMatch(/PAID/);
    await expect(invoiceRow(number).getByRole('button').count()).resolves.toBe(0);
  });

  test('buys credits: paid on a new invoice at the checkout, and the wallet shows them', async () => {
    await page.goto(`${api.url}/portal`);
    await page.getByLabel('Credits to buy').fill('7.5');
    await page.getByRole('button', { name: 'Buy credits' }).click();
    await confirmCheckout();
    const purchases = (
      (await call('GET', `/wallets/${customer.walletId}/transactions`)).body.data as {
        source: string;
        invoiceId: string;
      }[]
    ).filter((transaction) => transaction.source === 'PURCHASE');
    expect(purchases).toHaveLength(1);
    const invoice = (await call('GET', `/invoices/${purchases[0]?.invoiceId ?? ''}`)).body;
    await untilPaid(invoice.id);
    await page.goto(`${api.url}/portal`);
    await expect(invoiceRow(invoice.number).innerText()).resolves.toMatch(/PAID[\s\S]*\$7\.50/);
    const wallet = page.getByRole('region', { name: 'Prepaid credits' });
    await expect(wallet.getByRole('definition').first().innerText()).resolves.toMatch(/^27\.5\b/);
  });

  test('cancels at the end of the period, then keeps the subscription', async () => {
    await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
    await page.waitForURL(`${api.url}/portal?notice=cancel-scheduled`);
    await expect(page.getByRole('status').innerText()).resolves.toContain(
      'Your subscription ends at the end of its current period',
    );
    await expect(page.getByText('Ends on').count()).resolves.toBe(1);
    expect((await call('GET', `/subscriptions/${customer.subscriptionId}`)).body.cancelAt).not.toBeNull();

    await page.getByRole('button', { name: 'Keep this subscription' }).click();
    await page.waitForURL(`${api.url}/portal?notice=cancel-undone`);
    await expect(page.getByText('Ends on').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Cancel at the end of the period' }).count()).resolves.toBe(1);
    expect((await call('GET', `/subscriptions/${customer.subscriptionId}`)).body.cancelAt).toBeNull();
  });

  test('changes plan after the preview of what it costs', async () => {
    await page.getByLabel('Change plan to').selectOption(customer.otherPlanId);
    await page.getByRole('button', { name: 'See what it costs' }).click();
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Change to Scale');
    const atPeriodEnd = page.getByRole('table', { name: 'Billed at the end of the period' });
    await expect(atPeriodEnd.innerText()).resolves.toMatch(/Scale \((\d+) of \1 days\)\s+\$90\.00/);
    expect((await call('GET', `/subscriptions/${customer.subscriptionId}`)).body.planId).toBe(customer.planId);
    await saveSampleScreenshot(page, 'portal-plan-change.png');

    await page.getByRole('button', { name: 'Confirm the change to Scale' }).click();
    await page.waitForURL(`${api.url}/portal?notice=plan-changed`);
    await expect(page.getByRole('heading', { level: 3 }).first().innerText()).resolves.toBe('Scale');
    expect((await call('GET', `/subscriptions/${customer.subscriptionId}`)).body.planId).toBe(customer.otherPlanId);
  });

  test('an expired and a tampered link get the 401 page, with nothing of the customer', async () => {
    const expired = sealPortalSession(portalKeys(api.config.encryptionKey).link, {
      id: newId('portalSession'),
      tenantId: requireId('tenant', tenant.tenantId),
      customerId: requireId('customer', customer.customerId),
      expiresAt: new Date(Date.now() - 1000),
      returnUrl: null,
      locale: null,
    });
    const link = new URL(await portalLink(call, customer.externalId));
    const [payload = '', mac = ''] = (link.searchParams.get('token') ?? '').split('.');
    const tampered = `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const token of [expired, tampered]) {
      const refused = await page.goto(`${api.url}/portal?token=${encodeURIComponent(token)}`);
      expect(refused?.status()).toBe(401);
      const text = await page.locator('body').innerText();
      expect(text).not.toContain('Globex');
      expect(text).not.toContain(String(customer.openInvoice.number));
    }
  });
});
