import { fetch } from 'undici';
import { portalKeys, sealPortalSession, type PortalSession } from '../../services/portal/sessions';
import { requireId } from '../../domain/ids';
import { newId } from '../../infra/ids';
import { createPortalCustomer, portalLink, type PortalCustomer } from '../../test/fixtures/portal-fixture';
import { setUpResourceTest } from '../../test/fixtures/resource-test';
import { createTenantFixture } from '../../test/fixtures/tenant-fixture';
import { PORTAL_CSP } from './security-headers';

const HOUR = 3_600_000;

/** The hosted page over real HTTP: each security rule of the page, and what a session shows. */
describe('the hosted portal page', () => {
  const { api, tenant, call, sql } = setUpResourceTest();
  let customer: PortalCustomer;
  beforeEach(async () => {
    customer = await createPortalCustomer(call, {
      name: 'Globex <script>alert(1)</script>',
      timezone: 'America/New_York',
    });
  });

  const keys = () => portalKeys(api.config.encryptionKey);
  const open = (path: string, cookie?: string) =>
    fetch(`${api.url}${path}`, { redirect: 'manual', headers: cookie === undefined ? {} : { cookie } });
  const pathOf = (url: string) => url.slice(api.config.publicUrl.length);

  /** Opens the link as a browser would: the cookie it sets, and where it sends the browser. */
  async function enter(url: string): Promise<{ cookie: string; location: string | null; setCookie: string }> {
    const reply = await open(pathOf(url));
    expect(reply.status).toBe(303);
    const setCookie = reply.headers.get('set-cookie') ?? '';
    return { cookie: setCookie.split(';')[0] ?? '', location: reply.headers.get('location'), setCookie };
  }

  const session = (overrides: Partial<PortalSession> = {}): PortalSession => ({
    id: newId('portalSession'),
    tenantId: requireId('tenant', tenant.tenantId),
    customerId: requireId('customer', customer.customerId),
    expiresAt: new Date(Date.now() + HOUR),
    returnUrl: null,
    locale: null,
    ...overrides,
  });

  async function expectRefused(reply: Awaited<ReturnType<typeof open>>, status = 401) {
    expect(reply.status).toBe(status);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(reply.headers.get('set-cookie')).toBeNull();
    const html = await reply.text();
    expect(html).not.toContain('Globex');
    expect(html).not.toContain(String(customer.openInvoice.number));
  }

  test('the link’s token becomes an HttpOnly SameSite=Lax cookie, and the browser goes on without it', async () => {
    const { location, setCookie, cookie } = await enter(await portalLink(call, customer.externalId));
    expect(location).toBe('/portal');
    expect(setCookie).toMatch(/^portal_session=[^;]+; Path=\/portal; Max-Age=(3599|3600); HttpOnly; SameSite=Lax$/);
    const page = await open('/portal', cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  test('shows the customer’s subscriptions, usage so far, invoices (no DRAFT), wallet, in its locale and zone', async () => {
    const url = await portalLink(call, customer.externalId, { locale: 'de-DE', returnUrl: 'https://tenant.example/' });
    const { cookie } = await enter(url);
    const html = await (await open('/portal', cookie)).text();
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('Test Company');
    expect(html).toContain('Starter');
    expect(html).toContain('30,00\u00a0$');
    expect(html).toContain('Usage so far');
    // Seconds into its period: too little of it has passed to project a pace from.
    expect(html).toMatch(/<td class="num">3<\/td><td class="num">0,15\u00a0\$<\/td><td class="num">—<\/td>/);
    expect(html).toContain(String(customer.openInvoice.number));
    expect(html).toContain('49,99\u00a0$');
    expect(html).not.toContain(String(customer.draftInvoice.id));
    expect(html).toContain('Prepaid credits');
    expect(html).toContain('href="https://tenant.example/"');
    expect(html).toContain('dates in America/New_York');
    // Text from the tenant's records is escaped, never markup.
    expect(html).not.toContain('<script>');
    expect(html).toContain('Globex &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  test('an expired, a tampered, and a cookie-not-link token are refused with the 401 page', async () => {
    const expired = sealPortalSession(keys().link, session({ expiresAt: new Date(Date.now() - 1000) }));
    await expectRefused(await open(`/portal?token=${encodeURIComponent(expired)}`));

    const url = await portalLink(call, customer.externalId);
    const token = decodeURIComponent(new URL(url).searchParams.get('token') ?? '');
    const [payload = '', mac = ''] = token.split('.');
    const tampered = `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    await expectRefused(await open(`/portal?token=${encodeURIComponent(tampered)}`));
    await expectRefused(await open('/portal?token='));
    await expectRefused(await open('/portal?token=a&token=b'));
    // A link token is not a session cookie, nor a cookie a link.
    await expectRefused(await open('/portal', `portal_session=${token}`));
    const cookieValue = sealPortalSession(keys().cookie, session());
    await expectRefused(await open(`/portal?token=${encodeURIComponent(cookieValue)}`));
  });

  test('no cookie, an expired or tampered cookie: 401, never data', async () => {
    await expectRefused(await open('/portal'));
    const expired = sealPortalSession(keys().cookie, session({ expiresAt: new Date(Date.now() - 1000) }));
    await expectRefused(await open('/portal', `portal_session=${expired}`));
    const { cookie } = await enter(await portalLink(call, customer.externalId));
    await expectRefused(await open('/portal', `${cookie}x`));
  });

  test('one tenant’s token, edited to name another tenant’s customer, is refused', async () => {
    const other = await createTenantFixture(api.orm, api.config);
    const theirs = await createPortalCustomer(
      (method, path, options) => call(method, path, { ...options, token: other.apiKey }),
      { name: 'Initech' },
    );
    const url = await portalLink(call, customer.externalId);
    const token = decodeURIComponent(new URL(url).searchParams.get('token') ?? '');
    const [payload = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const foreign = Buffer.from(JSON.stringify({ ...claims, ten: other.tenantId, cus: theirs.customerId })).toString(
      'base64url',
    );
    const reply = await open(`/portal?token=${encodeURIComponent(`${foreign}.${mac}`)}`);
    await expectRefused(reply);
    // And a session of this tenant naming the other tenant's customer finds no one in this tenant's schema.
    const crossed = sealPortalSession(keys().cookie, session({ customerId: requireId('customer', theirs.customerId) }));
    const page = await open('/portal', `portal_session=${crossed}`);
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain('Initech');
  });

  test('projects each charge to the period’s end at its pace so far: a third of the way through, three times', async () => {
    // The period began 10 days ago and ends in 20: the 3 calls at $0.05 so far point to about 9 by its end.
    await sql(
      `update $schema.subscriptions set current_period_start = now() - interval '10 days',
              current_period_end = now() + interval '20 days' where id = ?`,
      [customer.subscriptionId],
    );
    const { cookie } = await enter(await portalLink(call, customer.externalId));
    const html = await (await open('/portal', cookie)).text();
    expect(html).toContain('Projected by period end');
    expect(html).toMatch(/<td class="num">3<\/td><td class="num">\$0\.15<\/td><td class="num">\$0\.45<\/td>/);
    expect(html).toMatch(/Total so far<\/th><td class="num">\$0\.15<\/td><td class="num">\$0\.45<\/td>/);
  });

  test('a customer deleted after the link was made gets the 401 page', async () => {
    const { cookie } = await enter(await portalLink(call, customer.externalId));
    // What the subscription's workflow would write on a cancellation (no worker runs in this file).
    await sql("update $schema.subscriptions set status = 'CANCELED', canceled_at = now() where id = ?", [
      customer.subscriptionId,
    ]);
    const unused = await portalLink(call, customer.externalId);
    expect((await call('DELETE', `/customers/${customer.customerId}`)).status).toBe(200);
    await expectRefused(await open('/portal', cookie));
    // The session's PDFs go with it.
    await expectRefused(await open(`/portal/invoices/${String(customer.openInvoice.id)}/pdf`, cookie));
    // A link made before the deletion and first opened after it: the 401 page at once, no cookie.
    await expectRefused(await open(pathOf(unused)));
  });

  test('PDF: the customer’s own invoice; a DRAFT, another customer’s, or no session is refused', async () => {
    const { cookie } = await enter(await portalLink(call, customer.externalId));
    const pdf = await open(`/portal/invoices/${String(customer.openInvoice.id)}/pdf`, cookie);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`${String(customer.openInvoice.number)}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const someoneElse = await createPortalCustomer(call, { name: 'Umbrella' });
    for (const id of [customer.draftInvoice.id, someoneElse.openInvoice.id, 'inv_01JF0000000000000000000000', 'x']) {
      expect((await open(`/portal/invoices/${String(id)}/pdf`, cookie)).status).toBe(404);
    }
    await expectRefused(await open(`/portal/invoices/${String(customer.openInvoice.id)}/pdf`));
  });

  test('an unknown page is an HTML 404 with the same headers', async () => {
    const reply = await open('/portal/nowhere');
    expect([reply.status, reply.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(reply.headers.get('content-security-policy')).toBe(PORTAL_CSP);
    const css = await open('/portal/assets/portal.css');
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
  });
});
