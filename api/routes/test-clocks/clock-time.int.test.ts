import { randomBytes } from 'node:crypto';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { TestClockAdvancer } from '../../../services/catalog/test-clocks';

const quietAdvancer: TestClockAdvancer = { advance: () => Promise.resolve(), deleted: () => Promise.resolve() };

/** What the API stamps for a customer on a test clock: the clock's time, not the wall clock's. */
describe('a test clock customer’s time through the API', () => {
  const { call, createCustomer } = setUpResourceTest({
    // The subscriptions' workflows are not started: only what the API stores is looked at.
    api: { temporal: { testClockAdvancer: quietAdvancer, startSubscriptionWorkflow: () => Promise.resolve() } },
  });
  const START = '2027-01-01T00:00:00.000Z';

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const unique = () => randomBytes(6).toString('hex');
  async function clockCustomer(): Promise<{ clockId: string; customerId: string; planId: string }> {
    const clockId = String((await created('/test-clocks', { frozenTime: START })).id);
    const customerId = await createCustomer({ testClockId: clockId });
    const plan = await created('/plans', {
      name: 'Monthly',
      code: `monthly-${unique()}`,
      billingInterval: 'MONTHLY',
      prices: [{ currency: 'USD', amount: 10 }],
    });
    return { clockId, customerId, planId: String(plan.id) };
  }
  const subscribe = (customerId: string, planId: string) =>
    call('POST', '/subscriptions', { body: { customerId, planId, currency: 'USD' } });

  it('starts a subscription at the clock’s time: start, first period and createdAt', async () => {
    const { customerId, planId } = await clockCustomer();
    const subscription = await subscribe(customerId, planId);
    expect(subscription.status).toBe(201);
    expect(subscription.body).toMatchObject({
      status: 'ACTIVE',
      currentPeriodStart: START,
      currentPeriodEnd: '2027-02-01T00:00:00.000Z',
      createdAt: START,
    });
  });

  it('refuses a subscription while the clock is ADVANCING with 409 test_clock_advancing', async () => {
    const { clockId, customerId, planId } = await clockCustomer();
    await call('POST', `/test-clocks/${clockId}/advance`, { body: { frozenTime: '2027-03-01T00:00:00.000Z' } });
    expect(await subscribe(customerId, planId)).toMatchObject({
      status: 409,
      body: { error: 'test_clock_advancing' },
    });
  });

  it('takes three subscriptions of a clock customer and refuses a fourth with 409 test_clock_subscription_limit', async () => {
    const { customerId, planId } = await clockCustomer();
    for (let n = 0; n < 3; n += 1) expect((await subscribe(customerId, planId)).status).toBe(201);
    expect(await subscribe(customerId, planId)).toMatchObject({
      status: 409,
      body: { error: 'test_clock_subscription_limit' },
    });
    const plain = await createCustomer();
    for (let n = 0; n < 4; n += 1) expect((await subscribe(plain, planId)).status).toBe(201);
  });

  it('defaults a usage event’s timestamp to the clock’s time and judges "in the future" by it', async () => {
    const { customerId, planId } = await clockCustomer();
    await created('/billable-metrics', { name: 'Calls', code: 'calls', aggregationType: 'COUNT' });
    const subscriptionId = String((await subscribe(customerId, planId)).body.id);
    const event = (body: Json) => call('POST', '/events', { body: { subscriptionId, code: 'calls', ...body } });

    // Received on the clock: its record's createdAt is the clock's time too.
    expect((await event({ transactionId: 'default' })).body).toMatchObject({ timestamp: START, createdAt: START });
    // Four minutes past the clock's time: ahead of the wall clock by weeks, within the clock's five minutes.
    const ahead = await event({ transactionId: 'ahead', timestamp: '2027-01-01T00:04:00.000Z' });
    expect(ahead).toMatchObject({ status: 201, body: { timestamp: '2027-01-01T00:04:00.000Z' } });
    const tooFar = await event({ transactionId: 'too-far', timestamp: '2027-01-01T00:06:00.000Z' });
    expect(tooFar).toMatchObject({ status: 400, body: { details: [{ path: 'body.timestamp' }] } });
  });

  it('stamps each event of a batch on its own customer’s clock', async () => {
    const { customerId, planId } = await clockCustomer();
    await created('/billable-metrics', { name: 'Calls', code: 'calls', aggregationType: 'COUNT' });
    const onClock = String((await subscribe(customerId, planId)).body.id);
    const plain = String((await subscribe(await createCustomer(), planId)).body.id);
    const batch = await call('POST', '/events/batch', {
      body: {
        events: [
          { transactionId: 'b-clock', subscriptionId: onClock, code: 'calls' },
          { transactionId: 'b-plain', subscriptionId: plain, code: 'calls' },
        ],
      },
    });
    expect(batch.status).toBe(201);
    const [clockEvent, plainEvent] = (batch.body.data as Json[]).map((entry) => String(entry.id));
    expect((await call('GET', `/events/${clockEvent ?? ''}`)).body).toMatchObject({
      timestamp: START,
      createdAt: START,
    });
    const plainEventRecord = (await call('GET', `/events/${plainEvent ?? ''}`)).body;
    for (const instant of [plainEventRecord.timestamp, plainEventRecord.createdAt]) {
      expect(Math.abs(Date.parse(String(instant)) - Date.now())).toBeLessThan(60_000);
    }
  });

  it('issues a one-off invoice of a clock customer at the clock’s time', async () => {
    const { customerId } = await clockCustomer();
    const draft = await created('/invoices', {
      customerId,
      items: [{ description: 'Setup', quantity: 1, unitAmount: 25 }],
    });
    const finalized = await call('POST', `/invoices/${String(draft.id)}/finalize`);
    expect(finalized).toMatchObject({ status: 200, body: { status: 'OPEN', issuedAt: START } });
  });

  it('numbers a clock customer’s invoices and credit notes in the clock’s sequence; the tenant’s stay gapless', async () => {
    const { clockId } = await clockCustomer();
    const onClock = await createCustomer({ testClockId: clockId });
    const plain = await createCustomer();
    const issue = async (customerId: string): Promise<Json> => {
      const draft = await created('/invoices', {
        customerId,
        items: [{ description: 'Fee', quantity: 1, unitAmount: 20 }],
      });
      return (await call('POST', `/invoices/${String(draft.id)}/finalize`)).body;
    };
    const credit = async (invoice: Json): Promise<string> => {
      const note = await created('/credit-notes', { invoiceId: invoice.id, reason: 'OTHER', amount: 5 });
      return String((await call('POST', `/credit-notes/${String(note.id)}/finalize`)).body.number);
    };
    const tag = clockId.slice(-8);

    const firstReal = await issue(plain);
    expect(firstReal.number).toMatch(/^[A-Z0-9]+-\d{4}-000001$/);
    const prefix = String(firstReal.number).split('-')[0] ?? '';
    const clockInvoices = [await issue(onClock), await issue(onClock)];
    expect(clockInvoices.map((invoice) => invoice.number)).toEqual([
      `${prefix}-TEST-${tag}-000001`,
      `${prefix}-TEST-${tag}-000002`,
    ]);
    expect((await issue(plain)).number).toMatch(/^[A-Z0-9]+-\d{4}-000002$/);

    expect(await credit(clockInvoices[0] ?? {})).toBe(`CN-TEST-${tag}-000001`);
    expect(await credit(firstReal)).toMatch(/^CN-\d{4}-000001$/);
  });

  it('leaves a clock customer’s customers, invoices, payments and credit notes out of analytics', async () => {
    // The clock an hour behind the wall clock, so its records fall in the reports' range.
    const clockId = String(
      (await created('/test-clocks', { frozenTime: new Date(Date.now() - 3_600_000).toISOString() })).id,
    );
    const paidInvoice = async (customerId: string, unitAmount: number): Promise<Json> => {
      const draft = await created('/invoices', {
        customerId,
        items: [{ description: 'Fee', quantity: 1, unitAmount }],
      });
      await call('POST', `/invoices/${String(draft.id)}/finalize`);
      return (await call('POST', `/invoices/${String(draft.id)}/mark-paid`)).body;
    };
    const clockInvoice = await paidInvoice(await createCustomer({ testClockId: clockId }), 25);
    await created('/credit-notes', { invoiceId: clockInvoice.id, reason: 'OTHER', amount: 5 }).then((note) =>
      call('POST', `/credit-notes/${String(note.id)}/finalize`),
    );
    await paidInvoice(await createCustomer(), 20);
    const range = `dateFrom=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`;

    expect((await call('GET', `/analytics/customers?${range}`)).body).toMatchObject({ total: 1, new: 1 });
    expect((await call('GET', `/analytics/payments?${range}`)).body).toMatchObject({ volume: 20 });
    expect((await call('GET', `/analytics/net-revenue?${range}`)).body).toMatchObject({
      byCurrency: [{ currency: 'USD', gross: 20, refunds: 0, creditNotes: 0, net: 20 }],
    });
  });

  it('leaves a clock customer’s subscriptions out of MRR and the subscription counts', async () => {
    const plan = await created('/plans', {
      name: 'Monthly',
      code: `monthly-${unique()}`,
      billingInterval: 'MONTHLY',
      prices: [{ currency: 'USD', amount: 30 }],
    });
    const clockId = String(
      (await created('/test-clocks', { frozenTime: new Date(Date.now() - 3_600_000).toISOString() })).id,
    );
    expect((await subscribe(await createCustomer({ testClockId: clockId }), String(plan.id))).status).toBe(201);
    expect((await subscribe(await createCustomer(), String(plan.id))).status).toBe(201);
    const range = `dateFrom=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}&currency=USD`;

    expect((await call('GET', `/analytics/revenue?${range}`)).body).toMatchObject({
      byCurrency: [expect.objectContaining({ currency: 'USD', mrr: 30 })],
    });
    expect((await call('GET', `/analytics/subscriptions?${range}`)).body).toMatchObject({
      byCurrency: [expect.objectContaining({ currency: 'USD', new: 1 })],
    });
    expect((await call('GET', `/analytics/mrr-breakdown?${range}`)).body).toMatchObject({
      byCurrency: [expect.objectContaining({ currency: 'USD', new: 30 })],
    });
  });

  describe('stamps what the API changes for a clock customer at the clock’s time, not the database’s', () => {
    it('an invoice’s updatedAt after finalize and after void', async () => {
      const { customerId } = await clockCustomer();
      const draft = await created('/invoices', {
        customerId,
        items: [{ description: 'Fee', quantity: 1, unitAmount: 5 }],
      });
      const id = String(draft.id);
      expect(draft).toMatchObject({ createdAt: START, updatedAt: START });
      const finalized = await call('POST', `/invoices/${id}/finalize`);
      expect(finalized).toMatchObject({ status: 200, body: { status: 'OPEN', issuedAt: START, updatedAt: START } });
      const voided = await call('POST', `/invoices/${id}/void`);
      expect(voided).toMatchObject({ status: 200, body: { status: 'VOIDED', voidedAt: START, updatedAt: START } });
    });

    it('a subscription’s updatedAt after a PATCH of its metadata', async () => {
      const { customerId, planId } = await clockCustomer();
      const id = String((await subscribe(customerId, planId)).body.id);
      const patched = await call('PATCH', `/subscriptions/${id}`, { body: { metadata: { team: 'billing' } } });
      expect(patched).toMatchObject({ status: 200, body: { metadata: { team: 'billing' }, updatedAt: START } });
    });

    it('a customer’s updatedAt after a PATCH', async () => {
      const { customerId } = await clockCustomer();
      const patched = await call('PATCH', `/customers/${customerId}`, { body: { name: 'Renamed' } });
      expect(patched).toMatchObject({ status: 200, body: { name: 'Renamed', createdAt: START, updatedAt: START } });
    });

    it('an applied add-on’s createdAt and removedAt', async () => {
      const { customerId } = await clockCustomer();
      const addOn = await created('/add-ons', {
        name: 'Setup',
        code: `setup-${unique()}`,
        type: 'ONE_TIME',
        prices: [{ currency: 'USD', amount: 50 }],
      });
      const applied = await created('/add-ons/apply', { addOnId: String(addOn.id), customerId });
      expect(applied).toMatchObject({ status: 'PENDING', createdAt: START });
      const removed = await call('DELETE', `/add-ons/applied/${String(applied.id)}`);
      expect(removed).toMatchObject({ status: 200, body: { status: 'REMOVED', removedAt: START } });
      const plain = await created('/add-ons/apply', { addOnId: String(addOn.id), customerId: await createCustomer() });
      expect(Math.abs(Date.parse(String(plain.createdAt)) - Date.now())).toBeLessThan(60_000);
    });

    it('a wallet’s updatedAt after granted credits move its balance and after a PATCH', async () => {
      const { customerId } = await clockCustomer();
      const wallet = await created('/wallets', { customerId, grantedCredits: 10 });
      expect(wallet).toMatchObject({ createdAt: START, updatedAt: START });
      const patched = await call('PATCH', `/wallets/${String(wallet.id)}`, { body: { name: 'Renamed' } });
      expect(patched).toMatchObject({ status: 200, body: { name: 'Renamed', updatedAt: START } });
    });

    it('an applied coupon’s createdAt and terminatedAt', async () => {
      const { customerId } = await clockCustomer();
      const coupon = await created('/coupons', {
        code: `CLK${unique().toUpperCase()}`,
        name: 'Ten off',
        discountType: 'PERCENTAGE',
        percentage: 10,
        frequency: 'ONCE',
      });
      const applied = await created('/coupons/apply', { couponId: String(coupon.id), customerId });
      expect(applied).toMatchObject({ status: 'ACTIVE', createdAt: START });
      const terminated = await call('DELETE', `/coupons/applied/${String(applied.id)}`);
      expect(terminated).toMatchObject({ status: 200, body: { status: 'TERMINATED', terminatedAt: START } });
    });
  });
});
