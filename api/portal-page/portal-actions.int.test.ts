import { fetch } from 'undici';
import { createGateway } from '../../services/payments/gateways';
import { deliverNotification } from '../../test/fakes/fake-provider';
import { startStripeFake, type StripeFake } from '../../test/fakes/stripe-fake';
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
