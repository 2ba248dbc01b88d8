import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { tenantSchemaName } from '../../../infra/db/tenant-schema';
import { subscriptionTestClient } from '../../../test/fixtures/subscription-test-client';
import { waitForValue } from '../../../test/harness/wait-for';

/**
 * Whatever changes an invoice (finalize, mark-paid, void, credit notes) or resumes the subscription settles its
 * past-due standing after the commit (CONTRACT §12), through billing's standing port and the listener the app runs
 * every request under: PAST_DUE while any of its invoices is OPEN or UNCOLLECTIBLE past its due date, ACTIVE once
 * none is. Real app, a worker running the subscription workflow (dev server).
 */
describe('invoice changes reconcile the subscription’s past-due standing', () => {
  const { api, tenant } = setUpResourceTest({ worker: true, tenant: 'all' });
  const client = () => subscriptionTestClient(api, () => tenant);

  /** A manual invoice of the subscription, due long ago, finalized: OPEN and overdue. */
  async function overdueInvoice(customerId: string, subscriptionId: string): Promise<string> {
    const { call } = client();
    const draft = await call('POST', '/invoices', {
      body: {
        customerId,
        subscriptionId,
        dueDate: '2020-01-15',
        items: [{ description: 'Overage', quantity: 1, unitAmount: 10 }],
      },
    });
    expect(draft.status).toBe(201);
    expect((await call('POST', `/invoices/${String(draft.body.id)}/finalize`)).body.status).toBe('OPEN');
    return String(draft.body.id);
  }

  const statusOf = async (subscriptionId: string) =>
    String((await client().call('GET', `/subscriptions/${subscriptionId}`)).body.status);
  const becomes = (subscriptionId: string, expected: string) =>
    waitForValue(`subscription ${expected}`, async () =>
      (await statusOf(subscriptionId)) === expected ? expected : undefined,
    );
  const pastDueEvents = async (subscriptionId: string) =>
    (
      await api.orm.em.getConnection().execute<unknown[]>(
        `select 1 from "${tenantSchemaName(tenant.tenantId)}".webhook_events
            where event_type = 'subscription.past_due' and data ->> 'id' = ?`,
        [subscriptionId],
      )
    ).length;

  test('PAST_DUE while another invoice is overdue, ACTIVE once the last is voided', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const created = await subscribe({ customerId, planId: await createPlan({ trialDays: 0 }) });
    expect(created.status).toBe(201);
    const subscriptionId = String(created.body.id);
    const first = await waitForValue('the first invoice', async () => {
      const list = await call('GET', `/invoices?subscriptionId=${subscriptionId}`);
      return (list.body.data as { id: string }[] | undefined)?.[0]?.id;
    });
    const [overdueA, overdueB] = [
      await overdueInvoice(customerId, subscriptionId),
      await overdueInvoice(customerId, subscriptionId),
    ];

    // Finalized past their due date, they make the subscription PAST_DUE at once; paying the one not yet due, or one
    // of two overdue ones, leaves it so.
    expect(await becomes(subscriptionId, 'PAST_DUE')).toBe('PAST_DUE');
    expect((await call('POST', `/invoices/${first}/mark-paid`)).status).toBe(200);
    expect((await call('POST', `/invoices/${overdueA}/mark-paid`)).status).toBe(200);
    expect(await statusOf(subscriptionId)).toBe('PAST_DUE');

    expect((await call('POST', `/invoices/${overdueB}/void`)).status).toBe(200);
    expect(await becomes(subscriptionId, 'ACTIVE')).toBe('ACTIVE');
    expect(await pastDueEvents(subscriptionId)).toBe(1);
  });

  test('a credit note that settles the overdue invoice returns it to ACTIVE; voiding the note makes it PAST_DUE again', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const created = await subscribe({ customerId, planId: await createPlan({ trialDays: 0 }) });
    const subscriptionId = String(created.body.id);
    const first = await waitForValue('the first invoice', async () => {
      const list = await call('GET', `/invoices?subscriptionId=${subscriptionId}`);
      return (list.body.data as { id: string }[] | undefined)?.[0]?.id;
    });
    const overdue = await overdueInvoice(customerId, subscriptionId);
    expect((await call('POST', `/invoices/${first}/mark-paid`)).status).toBe(200);
    expect(await becomes(subscriptionId, 'PAST_DUE')).toBe('PAST_DUE');

    const note = await call('POST', '/credit-notes', { body: { invoiceId: overdue, reason: 'DUPLICATE', amount: 10 } });
    expect(note.status).toBe(201);
    expect((await call('POST', `/credit-notes/${String(note.body.id)}/finalize`)).status).toBe(200);
    expect((await call('GET', `/invoices/${overdue}`)).body.status).toBe('PAID');
    expect(await becomes(subscriptionId, 'ACTIVE')).toBe('ACTIVE');

    expect((await call('POST', `/credit-notes/${String(note.body.id)}/void`)).status).toBe(200);
    expect((await call('GET', `/invoices/${overdue}`)).body.status).toBe('OPEN');
    expect(await becomes(subscriptionId, 'PAST_DUE')).toBe('PAST_DUE');
  });

  test('resuming a subscription with an invoice that went overdue meanwhile makes it PAST_DUE', async () => {
    const { call, createCustomer, createPlan, subscribe } = client();
    const customerId = await createCustomer();
    const created = await subscribe({ customerId, planId: await createPlan({ trialDays: 0 }) });
    const subscriptionId = String(created.body.id);
    expect((await call('POST', `/subscriptions/${subscriptionId}/pause`)).body.status).toBe('PAUSED');
    // Overdue while PAUSED: the standing of a paused subscription does not follow its invoices.
    await overdueInvoice(customerId, subscriptionId);
    expect(await statusOf(subscriptionId)).toBe('PAUSED');
    const resumed = await call('POST', `/subscriptions/${subscriptionId}/resume`);
    expect([resumed.status, resumed.body.status]).toEqual([200, 'ACTIVE']);
    expect(await becomes(subscriptionId, 'PAST_DUE')).toBe('PAST_DUE');
  });
});
