import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';
import { waitForValue } from '../../../test/harness/wait-for';

/** Lifecycle actions through the real app, with a worker running the real workflow and activities (dev server). */
describe('subscriptions API: lifecycle actions with a worker', () => {
  const { api, tenant } = setUpResourceTest({ worker: true });
  const client = () => subscriptionTestClient(api, () => tenant);

  const activeSubscription = async () => {
    const { createCustomer, createPlan, subscribe } = client();
    const planId = await createPlan({ trialDays: 0 });
    const reply = await subscribe({ customerId: await createCustomer(), planId });
    expect(reply.status).toBe(201);
    return { id: String(reply.body.id), planId };
  };
  const act = (id: string, action: string, body?: unknown) =>
    client().call('POST', `/subscriptions/${id}/${action}`, body === undefined ? {} : { body });

  test('cancel now answers CANCELED with canceledAt; cancelling again is 409', async () => {
    const { id } = await activeSubscription();
    const canceled = await act(id, 'cancel', { cancelAt: 'now' });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ id, status: 'CANCELED', canceledAt: expect.any(String) as unknown });
    const again = await act(id, 'cancel', { cancelAt: 'now' });
    expect([again.status, again.body.error]).toEqual([409, 'invalid_state_transition']);
    expect((await act(id, 'cancel', { cancelAt: 'later' })).status).toBe(400);
  });

  test('cancel now names the proration credit note it issued, already there when the answer comes', async () => {
    const { id } = await activeSubscription();
    const canceled = await act(id, 'cancel', { cancelAt: 'now' });
    expect(canceled.status).toBe(200);
    const creditNoteIds = canceled.body.creditNoteIds as string[];
    expect(creditNoteIds).toEqual([expect.stringMatching(/^cn_[0-9A-HJKMNP-TV-Z]{26}$/)]);
    const note = await client().call('GET', `/credit-notes/${creditNoteIds[0] ?? ''}`);
    expect(note.status).toBe(200);
    expect(note.body).toMatchObject({ reason: 'ORDER_CHANGE', status: 'FINALIZED' });
    const invoice = await client().call('GET', `/invoices/${String(note.body.invoiceId)}`);
    expect(invoice.body.subscriptionId).toBe(id);
    // Its whole unused period: the month's fee less what the cancel day itself used.
    expect(Number(note.body.amount)).toBeGreaterThan(0);
    expect(Number(note.body.amount)).toBeLessThanOrEqual(30);
  });

  test('cancel at period end sets cancelAt to the period end and stays ACTIVE', async () => {
    const { id } = await activeSubscription();
    const scheduled = await act(id, 'cancel', { cancelAt: 'period_end' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'ACTIVE', canceledAt: null, creditNoteIds: [] });
    expect(scheduled.body.cancelAt).toBe(scheduled.body.currentPeriodEnd);
  });

  test('pause, pause again (409), resume, resume again (409)', async () => {
    const { id } = await activeSubscription();
    const paused = await act(id, 'pause');
    expect(paused.body).toMatchObject({ status: 'PAUSED', pausedAt: expect.any(String) as unknown });
    const pausedAgain = await act(id, 'pause');
    expect([pausedAgain.status, pausedAgain.body.error]).toEqual([409, 'invalid_state_transition']);
    const resumed = await act(id, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'ACTIVE', pausedAt: null });
    const resumedAgain = await act(id, 'resume');
    expect([resumedAgain.status, resumedAgain.body.error]).toEqual([409, 'invalid_state_transition']);
  });

  test('change plan: upgrade now, downgrade at period end, and every refusal', async () => {
    const { call, createPlan } = client();
    const { id, planId } = await activeSubscription();
    const pro = await createPlan({ prices: [{ currency: 'USD', amount: 79 }] });
    const upgraded = await act(id, 'change-plan', { newPlanId: pro });
    expect(upgraded.status).toBe(200);
    expect(upgraded.body).toMatchObject({ planId: pro, pendingPlanId: null });
    const downgraded = await act(id, 'change-plan', { newPlanId: planId });
    expect(downgraded.body).toMatchObject({ planId: pro, pendingPlanId: planId });

    const same = await act(id, 'change-plan', { newPlanId: pro });
    expect([same.status, same.body.error]).toEqual([409, 'plan_unchanged']);
    const unknown = await act(id, 'change-plan', { newPlanId: 'plan_01JD0000000000000000000000' });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'plan_not_found']);
    const euro = await createPlan({ prices: [{ currency: 'EUR', amount: 10 }] });
    const noPrice = await act(id, 'change-plan', { newPlanId: euro });
    expect([noPrice.status, noPrice.body.error]).toEqual([409, 'plan_price_not_found']);
    const retired = await createPlan({ prices: [{ currency: 'USD', amount: 99 }], isActive: false });
    const inactive = await act(id, 'change-plan', { newPlanId: retired });
    expect([inactive.status, inactive.body.error]).toEqual([409, 'plan_inactive']);
    expect((await call('GET', `/subscriptions/${id}`)).body).toMatchObject({ planId: pro, pendingPlanId: planId });
  });

  test.each([
    [
      'voided',
      (call: ReturnType<typeof client>['call'], invoice: Json) => call('POST', `/invoices/${String(invoice.id)}/void`),
    ],
    [
      'credited in full',
      async (call: ReturnType<typeof client>['call'], invoice: Json) => {
        const note = await call('POST', '/credit-notes', {
          body: { invoiceId: invoice.id, reason: 'OTHER', amount: invoice.total },
        });
        expect(note.status).toBe(201);
        return call('POST', `/credit-notes/${String(note.body.id)}/finalize`);
      },
    ],
  ])('an upgrade credits nothing of a period whose invoice was %s through the API', async (_how, undo) => {
    const { call, createPlan } = client();
    const { id } = await activeSubscription();
    const invoicesOf = async () =>
      ((await call('GET', `/invoices?subscriptionId=${id}`)).body.data as Json[]).sort((a, b) =>
        String(a.createdAt).localeCompare(String(b.createdAt)),
      );
    const [first] = await waitForValue('the first invoice', async () => {
      const found = await invoicesOf();
      return found.length > 0 ? found : undefined;
    });
    const undone = await undo(call, first!);
    expect([200, 201]).toContain(undone.status);
    const pro = await createPlan({ prices: [{ currency: 'USD', amount: 79 }] });
    expect((await act(id, 'change-plan', { newPlanId: pro })).status).toBe(200);
    const change = (await invoicesOf()).at(-1);
    expect(change?.id).not.toBe(first?.id);
    // The new plan's remaining days, and no credit for the old plan's: nothing of that period is left to give back.
    expect((change?.lines as Json[]).map((line) => [line.type, Number(line.amount) > 0])).toEqual([
      ['PRORATION', true],
    ]);
  });

  test('change plan to another interval: 200 with the new record, a new period from the change when applied now', async () => {
    const { call, createPlan } = client();
    const { id, planId } = await activeSubscription();
    // 300.00 a year is less per day than 30.00 a month: by default it waits for the period end.
    const yearly300 = await createPlan({ billingInterval: 'YEARLY', prices: [{ currency: 'USD', amount: 300 }] });
    const waiting = await act(id, 'change-plan', { newPlanId: yearly300 });
    expect(waiting.status).toBe(200);
    expect(waiting.body).toMatchObject({ id, planId, pendingPlanId: yearly300 });

    // 400.00 a year is more per day: an upgrade, applied now on a yearly period that starts at the change.
    const yearly400 = await createPlan({ billingInterval: 'YEARLY', prices: [{ currency: 'USD', amount: 400 }] });
    const changed = await act(id, 'change-plan', { newPlanId: yearly400 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, status: 'ACTIVE', planId: yearly400, pendingPlanId: null });
    const periodStart = new Date(String(changed.body.currentPeriodStart));
    const yearLater = new Date(periodStart);
    yearLater.setUTCFullYear(yearLater.getUTCFullYear() + 1);
    expect(changed.body.currentPeriodEnd).toBe(yearLater.toISOString());
    expect(Date.now() - periodStart.getTime()).toBeLessThan(60_000);
    const invoices = await call('GET', `/invoices?subscriptionId=${id}`);
    const change = (invoices.body.data as Json[]).find((invoice) => (invoice.lines as Json[]).length === 2);
    const [credit, charge] = (change?.lines ?? []) as Json[];
    expect(credit).toMatchObject({ type: 'PRORATION', periodStart: changed.body.currentPeriodStart });
    expect(charge).toMatchObject({ type: 'SUBSCRIPTION', amount: 400, periodEnd: changed.body.currentPeriodEnd });
    expect(change?.total).toBeCloseTo(400 + Number(credit?.amount), 2);

    const euroYearly = await createPlan({ billingInterval: 'YEARLY', prices: [{ currency: 'EUR', amount: 300 }] });
    const noPrice = await act(id, 'change-plan', { newPlanId: euroYearly });
    expect([noPrice.status, noPrice.body.error]).toEqual([409, 'plan_price_not_found']);
    const same = await act(id, 'change-plan', { newPlanId: yearly400 });
    expect([same.status, same.body.error]).toEqual([409, 'plan_unchanged']);
  });

  test('a subscription created with a coupon code gets its first invoice discounted, as the invoices API shows', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const coupon = await call('POST', '/coupons', {
      body: { code: 'LAUNCH20', name: 'Launch', discountType: 'PERCENTAGE', percentage: 20, frequency: 'ONCE' },
    });
    expect(coupon.status).toBe(201);
    const created = await subscribe({
      customerId: await createCustomer(),
      planId: await createPlan(),
      couponCode: 'launch20',
    });
    expect(created.status).toBe(201);
    const deadline = Date.now() + 20_000;
    let invoices = await call('GET', `/invoices?subscriptionId=${String(created.body.id)}`);
    while ((invoices.body.data as unknown[]).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      invoices = await call('GET', `/invoices?subscriptionId=${String(created.body.id)}`);
    }
    expect(invoices.body.data).toEqual([
      expect.objectContaining({ status: 'OPEN', subtotal: 30, discount: 6, total: 24, amountDue: 24 }),
    ]);
  });

  test('actions on an unknown or another tenant’s subscription are 404', async () => {
    const { id } = await activeSubscription();
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await client().call('POST', `/subscriptions/${id}/pause`, { token: other.apiKey });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'subscription_not_found']);
    expect((await act('sub_01JD0000000000000000000000', 'resume')).status).toBe(404);
  });
});
