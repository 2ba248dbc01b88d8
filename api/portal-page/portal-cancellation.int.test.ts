import { portalBrowser } from '../../test/fixtures/portal-browser';
import { createPortalCustomer, type PortalCustomer } from '../../test/fixtures/portal-fixture';
import { setUpResourceTest } from '../../test/fixtures/resource-test';

/** Cancelling at period end and taking it back from the page, over real HTTP, with the subscription workflow. */
describe('the hosted portal page: cancel at period end and undo', () => {
  const { api, call, tenant } = setUpResourceTest({ worker: true });
  const browser = portalBrowser({ api, call });
  let customer: PortalCustomer;
  beforeEach(async () => {
    customer = await createPortalCustomer(call);
  });

  const allowCancel = async (allowCancel: boolean) => {
    const reply = await call('PATCH', '/tenants/me', {
      body: { settings: { portal: { allowCancel } } },
      token: tenant.accessToken,
    });
    expect(reply.status).toBe(200);
  };
  const subscription = async (id = customer.subscriptionId) => (await call('GET', `/subscriptions/${id}`)).body;
  const cancelPath = (id = customer.subscriptionId) => `/portal/subscriptions/${id}/cancel`;
  const keepPath = (id = customer.subscriptionId) => `/portal/subscriptions/${id}/keep`;

  test('is neither shown nor accepted while the tenant has not allowed cancelling (403, nothing changed)', async () => {
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    expect(html).not.toContain(`action="${cancelPath()}"`);
    const reply = await browser.open(cancelPath(), { cookie, form: { csrf } });
    expect(reply.status).toBe(403);
    expect((await subscription()).cancelAt).toBeNull();
  });

  test('cancel at period end submitted twice at once: both see it scheduled; keep takes it back; the page shows each', async () => {
    await allowCancel(true);
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    expect(html).toContain(`action="${cancelPath()}"`);
    const periodEnd = (await subscription()).currentPeriodEnd as string;

    const replies = await Promise.all([
      browser.open(cancelPath(), { cookie, form: { csrf } }),
      browser.open(cancelPath(), { cookie, form: { csrf } }),
    ]);
    expect(replies.map((reply) => [reply.status, reply.headers.get('location')])).toEqual([
      [303, '/portal?notice=cancel-scheduled'],
      [303, '/portal?notice=cancel-scheduled'],
    ]);
    expect(await subscription()).toMatchObject({ status: 'ACTIVE', cancelAt: periodEnd });
    const scheduled = await (await browser.open('/portal?notice=cancel-scheduled', { cookie })).text();
    expect(scheduled).toContain('Your subscription ends at the end of its current period');
    expect(scheduled).toContain('<dt>Ends on</dt>');
    expect(scheduled).toContain(`action="${keepPath()}"`);
    expect(scheduled).not.toContain(`action="${cancelPath()}"`);

    const kept = await browser.open(keepPath(), { cookie, form: { csrf } });
    expect([kept.status, kept.headers.get('location')]).toEqual([303, '/portal?notice=cancel-undone']);
    expect(await subscription()).toMatchObject({ status: 'ACTIVE', cancelAt: null });
    const again = await browser.open(keepPath(), { cookie, form: { csrf } });
    expect(again.headers.get('location')).toBe('/portal?notice=cancel-undone');
    const page = await (await browser.open('/portal', { cookie })).text();
    expect(page).not.toContain('<dt>Ends on</dt>');
    expect(page).toContain(`action="${cancelPath()}"`);
  });

  test('another customer’s subscription is not found and not changed; a stale CSRF token is 403', async () => {
    await allowCancel(true);
    const { cookie, csrf } = await browser.signedIn(customer.externalId);
    const someoneElse = await createPortalCustomer(call);
    const foreign = await browser.open(cancelPath(someoneElse.subscriptionId), { cookie, form: { csrf } });
    expect(foreign.status).toBe(404);
    expect((await subscription(someoneElse.subscriptionId)).cancelAt).toBeNull();
    expect((await browser.open(cancelPath('sub_unknown'), { cookie, form: { csrf } })).status).toBe(404);
    expect((await browser.open(cancelPath(), { cookie, form: { csrf: `${csrf}x` } })).status).toBe(403);
    expect((await subscription()).cancelAt).toBeNull();
  });

  test('a subscription the API canceled now cannot be kept: back to the page, unchanged', async () => {
    await allowCancel(true);
    const { cookie, csrf } = await browser.signedIn(customer.externalId);
    const canceled = await call('POST', `/subscriptions/${customer.subscriptionId}/cancel`, {
      body: { cancelAt: 'now' },
    });
    expect(canceled.status).toBe(200);
    const reply = await browser.open(keepPath(), { cookie, form: { csrf } });
    expect(reply.headers.get('location')).toBe('/portal?notice=subscription-unchanged');
    expect((await subscription()).status).toBe('CANCELED');
  });
});
