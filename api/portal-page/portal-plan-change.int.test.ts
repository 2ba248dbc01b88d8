import { portalBrowser } from '../../test/fixtures/portal-browser';
import { createPortalCustomer, type PortalCustomer } from '../../test/fixtures/portal-fixture';
import { setUpResourceTest } from '../../test/fixtures/resource-test';

/** Changing plan from the page after a preview of its proration, over real HTTP, with the subscription workflow. */
describe('the hosted portal page: change plan after a preview', () => {
  const { api, call, tenant } = setUpResourceTest({ worker: true });
  const browser = portalBrowser({ api, call });
  let customer: PortalCustomer;
  beforeEach(async () => {
    customer = await createPortalCustomer(call);
  });

  const allowPlanChange = async (portal: { allowPlanChange: boolean; planIds: string[] }) => {
    const reply = await call('PATCH', '/tenants/me', { body: { settings: { portal } }, token: tenant.accessToken });
    expect(reply.status).toBe(200);
  };
  const planOf = async () => (await call('GET', `/subscriptions/${customer.subscriptionId}`)).body.planId;
  const previewPath = (planId: string) =>
    `/portal/subscriptions/${customer.subscriptionId}/plan-change?planId=${encodeURIComponent(planId)}`;
  const changePath = () => `/portal/subscriptions/${customer.subscriptionId}/change-plan`;

  test('is neither shown nor accepted while the tenant has not allowed plan changes (403, plan kept)', async () => {
    await allowPlanChange({ allowPlanChange: false, planIds: [customer.otherPlanId] });
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    expect(html).not.toContain('/plan-change"');
    expect((await browser.open(previewPath(customer.otherPlanId), { cookie })).status).toBe(403);
    const reply = await browser.open(changePath(), { cookie, form: { csrf, planId: customer.otherPlanId } });
    expect(reply.status).toBe(403);
    expect(await planOf()).toBe(customer.planId);
  });

  test('offers the allowed plans, previews the proration, and a double confirm changes the plan once', async () => {
    await allowPlanChange({ allowPlanChange: true, planIds: [customer.otherPlanId, customer.planId] });
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    // The current plan is never offered; the other one with its price per interval.
    expect(html).toContain(`<option value="${customer.otherPlanId}">Scale, $90.00 / month</option>`);
    expect(html).not.toContain(`<option value="${customer.planId}">`);

    const preview = await browser.open(previewPath(customer.otherPlanId), { cookie });
    expect(preview.status).toBe(200);
    const text = await preview.text();
    expect(text).toContain('<h1>Change to Scale</h1>');
    expect(text).toContain('The change applies now');
    // Both plans are billed in arrears: Starter's days so far now (none yet), Scale's rest of the period at its end.
    expect(text).toMatch(
      /<caption>Billed at the end of the period<\/caption>[\s\S]*Scale \((\d+) of \1 days\)[\s\S]*\$90\.00/,
    );
    expect(text).toContain(`name="planId" value="${customer.otherPlanId}"`);
    expect(await planOf()).toBe(customer.planId);

    const form = { csrf, planId: customer.otherPlanId };
    const replies = await Promise.all([
      browser.open(changePath(), { cookie, form }),
      browser.open(changePath(), { cookie, form }),
    ]);
    expect(replies.map((reply) => reply.headers.get('location'))).toEqual([
      '/portal?notice=plan-changed',
      '/portal?notice=plan-changed',
    ]);
    expect(await planOf()).toBe(customer.otherPlanId);
    const history = await call('GET', `/subscriptions/${customer.subscriptionId}`);
    expect(history.body).toMatchObject({ planId: customer.otherPlanId, pendingPlanId: null });
    // One change settled Starter once: one invoice for its days so far and the usage before the change.
    const invoices = await call('GET', `/invoices?subscriptionId=${customer.subscriptionId}`);
    expect(invoices.body.data).toHaveLength(1);
  });

  test('a plan the tenant does not offer is not found, previewed or changed to', async () => {
    await allowPlanChange({ allowPlanChange: true, planIds: [] });
    const { cookie, csrf, html } = await browser.signedIn(customer.externalId);
    expect(html).not.toContain('/plan-change"');
    expect((await browser.open(previewPath(customer.otherPlanId), { cookie })).status).toBe(404);
    const reply = await browser.open(changePath(), { cookie, form: { csrf, planId: customer.otherPlanId } });
    expect(reply.status).toBe(404);
    expect(await planOf()).toBe(customer.planId);
  });

  test('another customer’s subscription is not found', async () => {
    await allowPlanChange({ allowPlanChange: true, planIds: [customer.otherPlanId] });
    const someoneElse = await createPortalCustomer(call);
    const { cookie, csrf } = await browser.signedIn(someoneElse.externalId);
    expect((await browser.open(previewPath(customer.otherPlanId), { cookie })).status).toBe(404);
    const reply = await browser.open(changePath(), { cookie, form: { csrf, planId: customer.otherPlanId } });
    expect(reply.status).toBe(404);
    expect(await planOf()).toBe(customer.planId);
  });
});
