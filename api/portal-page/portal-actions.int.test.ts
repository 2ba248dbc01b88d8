import { fetch } from 'undici';
import { createGateway } from '../../services/payments/gateways';
import { deliverNotification } from '../../test/fakes/fake-provider';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake';
import { portalBrowser } from '../../test/fixtures/portal-browser';
import { createPortalCustomer, portalLink, type PortalCustomer } from '../../test/fixtures/portal-fixture';
import { configureProvider, STRIPE_TEST_CREDENTIALS } from '../../test/fixtures/provider-payment-fixture';
import { setUpResourceTest } from '../../test/fixtures/resource-test';

/** The page's actions over real HTTP, with a worker running the payment workflow and the Stripe fake. */
describe('the hosted portal page’s actions', () => {
  const { api, call } = setUpResourceTest({
    api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;
  let customer: PortalCustomer;
  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => stripe.close());
  beforeEach(async () => {
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    customer = await createPortalCustomer(call);
  });

  const open = (path: string, init: { cookie?: string; form?: Record<string, string> } = {}) =>
    fetch(`${api.url}${path}`, {
      redirect: 'manual',
      method: init.form === undefined ? 'GET' : 'POST',
      headers: {
        ...(init.cookie === undefined ? {} : { cookie: init.cookie }),
        ...(init.form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(init.form === undefined ? {} : { body: new URLSearchParams(init.form).toString() }),
    });

  /** A browser that opened the customer's link: its cookie and the CSRF token of its page's forms. */
  async function signedIn(externalId = customer.externalId): Promise<{ cookie: string; csrf: string }> {
    const url = await portalLink(call, externalId);
    const entered = await open(url.slice(api.config.publicUrl.length));
    const cookie = (entered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const html = await (await open('/portal', { cookie })).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (csrf === undefined) throw new Error('no form on the page');
    return { cookie, csrf };
  }

  const payPath = () => `/portal/invoices/${String(customer.openInvoice.id)}/pay`;
  const paymentsOf = async (invoiceId: unknown) =>
    (await call('GET', `/payments?invoiceId=${String(invoiceId)}`)).body.data as { id: string }[];

  test('refuses a post without the session’s CSRF token (403) or without a session (401), paying nothing', async () => {
    const { cookie, csrf } = await signedIn();
    const other = await signedIn((await createPortalCustomer(call)).externalId);
    expect((await open(payPath(), { cookie, form: {} })).status).toBe(403);
    expect((await open(payPath(), { cookie, form: { csrf: `${csrf}x` } })).status).toBe(403);
    expect((await open(payPath(), { cookie, form: { csrf: other.csrf } })).status).toBe(403);
    expect((await open(payPath(), { form: { csrf } })).status).toBe(401);
    const json = await fetch(`${api.url}${payPath()}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ csrf }),
    });
    expect(json.status).toBe(403);
    expect(await paymentsOf(customer.openInvoice.id)).toEqual([]);
  });

  test('pay: a double submit goes to one checkout; the provider’s confirmation shows the invoice PAID', async () => {
    const { cookie, csrf } = await signedIn();
    const [first, second] = await Promise.all([
      open(payPath(), { cookie, form: { csrf } }),
      open(payPath(), { cookie, form: { csrf } }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    const payments = await paymentsOf(customer.openInvoice.id);
    expect(payments).toHaveLength(1);
    const session = stripe.sessions().find((candidate) => candidate.client_reference_id === payments[0]?.id);
    expect(first.headers.get('location')).toBe(session?.url);
    expect(second.headers.get('location')).toBe(session?.url);
    expect(session?.success_url).toBe(`${api.config.publicUrl}/portal?notice=paid`);

    const paymentId = payments[0]?.id ?? '';
    stripe.completePayment(paymentId);
    expect((await deliverNotification(stripe.paymentNotification(paymentId, api.url))).statusCode).toBe(200);
    for (let tries = 0; tries < 100; tries++) {
      const invoice = await call('GET', `/invoices/${String(customer.openInvoice.id)}`);
      if (invoice.body.status === 'PAID') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const back = await (await open('/portal?notice=paid', { cookie })).text();
    expect(back).toContain('Your payment is being confirmed');
    expect(back).toMatch(new RegExp(`${String(customer.openInvoice.number)}</th><td>PAID</td>`));
  });

  test('another customer’s invoice is not paid through this session', async () => {
    const { cookie, csrf } = await signedIn();
    const someoneElse = await createPortalCustomer(call);
    const reply = await open(`/portal/invoices/${String(someoneElse.openInvoice.id)}/pay`, { cookie, form: { csrf } });
    expect([reply.status, reply.headers.get('location')]).toEqual([303, '/portal?notice=payment-unavailable']);
    expect(await paymentsOf(someoneElse.openInvoice.id)).toEqual([]);
  });
});

describe('the hosted portal page: buying wallet credits', () => {
  const { api, call, tenant } = setUpResourceTest({
    api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;
  let customer: PortalCustomer;
  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => stripe.close());
  beforeEach(async () => {
    customer = await createPortalCustomer(call);
  });

  const browser = portalBrowser({ api, call });
  const allowTopUp = async (allowTopUp: boolean) => {
    const reply = await call('PATCH', '/tenants/me', {
      body: { settings: { portal: { allowTopUp } } },
      token: tenant.accessToken,
    });
    expect(reply.status).toBe(200);
  };
  const purchasesOf = async (walletId: string) =>
    (
      (await call('GET', `/wallets/${walletId}/transactions`)).body.data as { source: string; invoiceId: string }[]
    ).filter((transaction) => transaction.source === 'PURCHASE');

  test('is neither shown nor accepted while the tenant has not allowed top-ups (403, nothing bought)', async () => {
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    expect(html).not.toContain('action="/portal/wallet/credits"');
    const reply = await browser.open('/portal/wallet/credits', {
      cookie,
      form: { csrf, key: 'AAAAAAAAAAAAAAAAAAAAAA', credits: '10' },
    });
    expect(reply.status).toBe(403);
    expect(await reply.text()).toContain('Not available');
    expect(await purchasesOf(customer.walletId)).toEqual([]);
  });

  test('a double submit of one form buys once and reaches one checkout, which pays the credit-purchase invoice', async () => {
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    await allowTopUp(true);
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    const key = browser.formKeyOf(html, '/portal/wallet/credits');
    expect(key).toBeDefined();
    const form = { csrf, key: key ?? '', credits: '12.5' };
    const [first, second] = await Promise.all([
      browser.open('/portal/wallet/credits', { cookie, form }),
      browser.open('/portal/wallet/credits', { cookie, form }),
    ]);
    expect([first.status, second.status]).toEqual([303, 303]);
    const purchases = await purchasesOf(customer.walletId);
    expect(purchases).toHaveLength(1);
    const invoiceId = purchases[0]?.invoiceId ?? '';
    const invoice = (await call('GET', `/invoices/${invoiceId}`)).body;
    expect([invoice.status, invoice.total]).toEqual(['OPEN', 12.5]);
    const payments = (await call('GET', `/payments?invoiceId=${invoiceId}`)).body.data as { id: string }[];
    expect(payments).toHaveLength(1);
    const session = stripe.sessions().find((candidate) => candidate.client_reference_id === payments[0]?.id);
    expect(first.headers.get('location')).toBe(session?.url);
    expect(second.headers.get('location')).toBe(session?.url);

    // A new page load is a new form: its key buys again.
    const again = await browser.signedIn(customer.externalId);
    expect(browser.formKeyOf(again.html, '/portal/wallet/credits')).not.toBe(key);

    // The wallet does not wait for the payment (invoiceRequiresSuccessfulPayment is off): 20 granted + 12.5 bought.
    expect((await call('GET', `/wallets/${customer.walletId}`)).body.creditsBalance).toBe(32.5);
    const paymentId = payments[0]?.id ?? '';
    stripe.completePayment(paymentId);
    expect((await deliverNotification(stripe.paymentNotification(paymentId, api.url))).statusCode).toBe(200);
    for (let tries = 0; tries < 100; tries++) {
      if ((await call('GET', `/invoices/${invoiceId}`)).body.status === 'PAID') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await call('GET', `/invoices/${invoiceId}`)).body.status).toBe('PAID');
  });

  test('without a payment provider the purchase is invoiced and shown on the page', async () => {
    await allowTopUp(true);
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    const form = { csrf, key: browser.formKeyOf(html, '/portal/wallet/credits') ?? '', credits: '5' };
    const reply = await browser.open('/portal/wallet/credits', { cookie, form });
    expect([reply.status, reply.headers.get('location')]).toEqual([303, '/portal?notice=credits-invoiced']);
    const [purchase] = await purchasesOf(customer.walletId);
    const invoice = (await call('GET', `/invoices/${String(purchase?.invoiceId)}`)).body;
    const page = await (await browser.open('/portal?notice=credits-invoiced', { cookie })).text();
    expect(page).toContain('Your credits are on a new invoice');
    expect(page).toMatch(new RegExp(`${String(invoice.number)}</th><td>OPEN</td>`));
  });

  test.each([['0'], ['-3'], ['1.123456'], ['ten'], ['']])(
    'refuses %j credits with a 400 naming the credits, buying nothing',
    async (credits) => {
      await allowTopUp(true);
      const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
      const form = { csrf, key: browser.formKeyOf(html, '/portal/wallet/credits') ?? '', credits };
      const reply = await browser.open('/portal/wallet/credits', { cookie, form });
      expect(reply.status).toBe(400);
      expect(await reply.text()).toContain('Credits: enter a number above 0');
      expect(await purchasesOf(customer.walletId)).toEqual([]);
    },
  );

  test('refuses a form without its one-time key (400), and a stale CSRF token (403)', async () => {
    await allowTopUp(true);
    const { cookie, csrf } = await browser.signedIn(customer.externalId);
    const noKey = await browser.open('/portal/wallet/credits', { cookie, form: { csrf, credits: '5' } });
    expect(noKey.status).toBe(400);
    const badCsrf = await browser.open('/portal/wallet/credits', {
      cookie,
      form: { csrf: `${csrf}x`, key: 'AAAAAAAAAAAAAAAAAAAAAA', credits: '5' },
    });
    expect(badCsrf.status).toBe(403);
    expect(await purchasesOf(customer.walletId)).toEqual([]);
  });
});
