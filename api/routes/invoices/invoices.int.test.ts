import { SCOPES } from '../../../domain/auth/scopes';
import { buildWebhookEnvelope, serializeWebhookEnvelope } from '../../../domain/webhooks';
import type { WebhookEventType } from '../../../domain/webhooks';
import { findSchemaViolations } from '../../validation/validator';
import { webhookPayloadSchemaOf } from '../webhook-events/payload-schemas';
import { toCurrencyCode } from '../../../domain/money';
import { tenantSchemaName } from '../../../infra/db/tenant-schema';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createInvoice } from '../../../services/billing/invoices';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const UNKNOWN_INVOICE = 'inv_01JD0000000000000000000000';
const UNKNOWN_CUSTOMER = 'cust_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;
const YEAR = new Date().getUTCFullYear();

describe('invoices (/invoices)', () => {
  const { api, tenant, call, sql, createCustomer } = setUpResourceTest();

  const items = [
    { description: 'Workshop', quantity: 2, unitAmount: 150 },
    { description: 'Travel', quantity: 0.5, unitAmount: 0.01 },
  ];
  const createDraft = async (customerId: string, extra: Json = {}) => {
    const created = await call('POST', '/invoices', { body: { customerId, items, ...extra } });
    expect(created.status).toBe(201);
    return created.body;
  };
  const events = () =>
    sql<{ id: string; event_type: WebhookEventType; data: Json; occurred_at: string }>(
      'select id, event_type, data, occurred_at from $schema.webhook_events order by id',
    );

  it('creates a DRAFT manual invoice with lines rounded once and exact totals', async () => {
    const customerId = await createCustomer();
    const invoice = await createDraft(customerId, { metadata: { po: '77' }, dueDate: '2030-02-15' });
    expect(invoice).toEqual({
      id: expect.stringMatching(/^inv_/) as unknown,
      number: null,
      status: 'DRAFT',
      customerId,
      subscriptionId: null,
      currency: 'USD',
      lines: [
        {
          id: expect.stringMatching(/^il_/) as unknown,
          type: 'MANUAL',
          description: 'Workshop',
          quantity: 2,
          unitAmount: 150,
          amount: 300,
        },
        expect.objectContaining({ description: 'Travel', quantity: 0.5, unitAmount: 0.01, amount: 0.01 }) as unknown,
      ],
      subtotal: 300.01,
      discount: 0,
      discounts: [],
      tax: 0,
      total: 300.01,
      amountCredited: 0,
      prepaidCreditAmount: 0,
      amountPaid: 0,
      amountDue: 300.01,
      issuedAt: null,
      dueDate: '2030-02-15T00:00:00.000Z',
      paidAt: null,
      voidedAt: null,
      finalizeAfter: null,
      metadata: { po: '77' },
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
    });
    expect(await call('GET', `/invoices/${String(invoice.id)}`)).toEqual({ status: 200, body: invoice });
    expect(await events()).toEqual([expect.objectContaining({ event_type: 'invoice.created', data: invoice })]);
  });

  it("takes the customer's currency by default and checks unit amounts against the currency", async () => {
    const yen = await createCustomer({ currency: 'JPY' });
    const invoice = await createDraft(yen, { items: [{ description: 'Seat', quantity: 3, unitAmount: 1500 }] });
    expect(invoice).toMatchObject({ currency: 'JPY', total: 4500 });
    const tooPrecise = await call('POST', '/invoices', {
      body: { customerId: yen, items: [{ description: 'Seat', quantity: 1, unitAmount: 1500.5 }] },
    });
    expect(tooPrecise.status).toBe(400);
    expect(tooPrecise.body).toMatchObject({ error: 'validation_failed' });
    expect(String(tooPrecise.body.message)).toContain('body.items.0.unitAmount');
    const inEuro = await createDraft(yen, {
      currency: 'eur',
      items: [{ description: 'x', quantity: 1, unitAmount: 9.99 }],
    });
    expect(inEuro).toMatchObject({ currency: 'EUR', total: 9.99 });
  });

  it.each([
    ['no items', { items: [] }, 'body.items'],
    ['a zero quantity', { items: [{ description: 'x', quantity: 0, unitAmount: 1 }] }, 'body.items.0.quantity'],
    [
      'a negative unit amount',
      { items: [{ description: 'x', quantity: 1, unitAmount: -1 }] },
      'body.items.0.unitAmount',
    ],
    ['too many decimals', { items: [{ description: 'x', quantity: 1, unitAmount: 1.001 }] }, 'body.items.0.unitAmount'],
    ['a quantity of 1e308', { items: [{ description: 'x', quantity: 1e308, unitAmount: 1 }] }, 'body.items.0.quantity'],
    [
      'a quantity of 1e16 at 1,000',
      { items: [{ description: 'x', quantity: 1e16, unitAmount: 1000 }] },
      'body.items.0.quantity',
    ],
    [
      '99,999,999 × 99,999,999,999.99, beyond the largest amount',
      { items: [{ description: 'x', quantity: 99_999_999, unitAmount: 99_999_999_999.99 }] },
      'body.items.0.quantity',
    ],
    [
      'lines adding up to more than the largest amount',
      {
        items: [
          { description: 'x', quantity: 1, unitAmount: 99_999_999_999.99 },
          { description: 'y', quantity: 1, unitAmount: 0.01 },
        ],
      },
      'body.items',
    ],
    ['an unknown currency', { currency: 'XXY' }, 'body.currency'],
    ['an impossible due date', { dueDate: '2026-02-30' }, 'body.dueDate'],
    ['an unknown property', { discount: 5 }, 'discount'],
    ['no description', { items: [{ quantity: 1, unitAmount: 1 }] }, 'description'],
  ])('refuses %s with 400', async (_case, extra, path) => {
    const customerId = await createCustomer();
    const reply = await call('POST', '/invoices', { body: { customerId, items, ...extra } });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('validation_failed');
    expect(JSON.stringify(reply.body)).toContain(path);
  });

  it('takes a due date as that day in the customer’s time zone, as its PDF prints it', async () => {
    const west = await createCustomer({ timezone: 'America/Los_Angeles' });
    expect(await createDraft(west, { dueDate: '2030-02-15' })).toMatchObject({ dueDate: '2030-02-15T08:00:00.000Z' });
    const east = await createCustomer({ timezone: 'Asia/Tokyo' });
    expect(await createDraft(east, { dueDate: '2030-02-15' })).toMatchObject({ dueDate: '2030-02-14T15:00:00.000Z' });
    const timed = await createDraft(west, { dueDate: '2030-02-15T10:30:00Z' });
    expect(timed).toMatchObject({ dueDate: '2030-02-15T10:30:00.000Z' });
  });

  it('takes a line of exactly the largest amount', async () => {
    const customerId = await createCustomer();
    const largest = [{ description: 'x', quantity: 1, unitAmount: 99_999_999_999.99 }];
    const reply = await call('POST', '/invoices', { body: { customerId, items: largest } });
    expect(reply.status).toBe(201);
    expect(reply.body.total).toBe(99_999_999_999.99);
  });

  it('answers 404 naming an unknown customer or a subscription that is not the customer’s', async () => {
    const unknown = await call('POST', '/invoices', { body: { customerId: UNKNOWN_CUSTOMER, items } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'customer_not_found' } });
    expect(String(unknown.body.message)).toContain(UNKNOWN_CUSTOMER);
    const customerId = await createCustomer();
    const subscriptionId = 'sub_01JD0000000000000000000000';
    const noSubscription = await call('POST', '/invoices', { body: { customerId, items, subscriptionId } });
    expect(noSubscription).toMatchObject({ status: 404, body: { error: 'subscription_not_found' } });
  });

  it('finalizes, marks paid with a MANUAL payment, and refuses every wrong transition with 409', async () => {
    const customerId = await createCustomer({ netPaymentTerms: 10 });
    const draft = await createDraft(customerId);
    const id = String(draft.id);
    expect((await call('POST', `/invoices/${id}/mark-paid`)).status).toBe(409);
    const finalized = await call('POST', `/invoices/${id}/finalize`);
    expect(finalized.status).toBe(200);
    expect(finalized.body).toMatchObject({ status: 'OPEN', number: `INV-${YEAR}-000001`, issuedAt: TIMESTAMP });
    const issued = Date.parse(String(finalized.body.issuedAt));
    expect(Date.parse(String(finalized.body.dueDate)) - issued).toBe(10 * 86_400_000);
    const again = await call('POST', `/invoices/${id}/finalize`);
    expect(again).toMatchObject({ status: 409, body: { error: 'invalid_state_transition' } });
    const paid = await call('POST', `/invoices/${id}/mark-paid`);
    expect(paid).toMatchObject({ status: 200, body: { status: 'PAID', amountPaid: 300.01, amountDue: 0 } });
    for (const action of ['finalize', 'void', 'mark-paid']) {
      expect(await call('POST', `/invoices/${id}/${action}`)).toMatchObject({
        status: 409,
        body: { error: 'invalid_state_transition' },
      });
    }
    const payments = await call('GET', `/payments?invoiceId=${id}`);
    expect(payments.body).toMatchObject({ meta: { total: 1, page: 1, limit: 20, totalPages: 1 } });
    const [payment] = payments.body.data as Json[];
    expect(payment).toMatchObject({ invoiceId: id, customerId, amount: 300.01, currency: 'USD', provider: 'MANUAL' });
    expect(payment).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0, createdAt: TIMESTAMP });
    expect(await call('GET', `/payments/${String(payment?.id)}`)).toEqual({ status: 200, body: payment });
    const recorded = await events();
    expect(recorded.map((event) => event.event_type)).toEqual(['invoice.created', 'payment.succeeded', 'invoice.paid']);
    // SPEC §6.1's payment payload: exactly these fields, the amount in major units, the provider upper case.
    expect(recorded[1]?.data).toEqual({
      id: payment?.id,
      invoiceId: id,
      amount: 300.01,
      currency: 'USD',
      provider: 'MANUAL',
      status: 'SUCCEEDED',
    });
    // Each body as it would be sent matches its documented OpenAPI component.
    for (const event of recorded) {
      const envelope = buildWebhookEnvelope({
        id: event.id,
        type: event.event_type,
        data: event.data,
        occurredAt: new Date(event.occurred_at),
        testClockId: null,
      });
      const body: unknown = JSON.parse(serializeWebhookEnvelope(envelope));
      expect(findSchemaViolations(webhookPayloadSchemaOf(event.event_type), body, 'body')).toEqual([]);
    }
  });

  it('voids a DRAFT and an OPEN invoice with invoice.voided', async () => {
    const customerId = await createCustomer();
    const draft = await createDraft(customerId);
    const voided = await call('POST', `/invoices/${String(draft.id)}/void`);
    expect(voided).toMatchObject({ status: 200, body: { status: 'VOIDED', voidedAt: TIMESTAMP, amountDue: 0 } });
    const open = await createDraft(customerId);
    await call('POST', `/invoices/${String(open.id)}/finalize`);
    expect((await call('POST', `/invoices/${String(open.id)}/void`)).body).toMatchObject({ status: 'VOIDED' });
    const kinds = (await events()).map((event) => event.event_type);
    expect(kinds).toEqual(['invoice.created', 'invoice.voided', 'invoice.created', 'invoice.voided']);
  });

  it('gives back the customer credit an OPEN invoice consumed when it is voided', async () => {
    const customerId = await createCustomer();
    const creditBalance = async () => {
      const [row] = await api.orm.em.getConnection().execute<{ balance: string }[]>(
        `select coalesce(sum(amount_minor), 0)::text as balance
           from "${tenantSchemaName(tenant.tenantId)}".customer_credit_entries where customer_id = ?`,
        [customerId],
      );
      return row?.balance;
    };
    const invoiceOf = async (unitAmount: number) => {
      const body = { customerId, items: [{ description: 'Service', quantity: 1, unitAmount }] };
      return String((await call('POST', '/invoices', { body })).body.id);
    };
    const paid = await invoiceOf(100);
    await call('POST', `/invoices/${paid}/finalize`);
    expect((await call('POST', `/invoices/${paid}/mark-paid`)).status).toBe(200);
    const note = await call('POST', '/credit-notes', { body: { invoiceId: paid, reason: 'OTHER', amount: 50 } });
    expect((await call('POST', `/credit-notes/${String(note.body.id)}/finalize`)).status).toBe(200);
    expect(await creditBalance()).toBe('5000');
    const consumer = await invoiceOf(80);
    const opened = await call('POST', `/invoices/${consumer}/finalize`);
    expect(opened.body).toMatchObject({ status: 'OPEN', amountCredited: 50, amountDue: 30 });
    expect(await creditBalance()).toBe('0');
    const voided = await call('POST', `/invoices/${consumer}/void`);
    expect(voided).toMatchObject({ status: 200, body: { status: 'VOIDED', amountDue: 0 } });
    expect(await creditBalance()).toBe('5000');
    const noteVoided = await call('POST', `/credit-notes/${String(note.body.id)}/void`);
    expect(noteVoided).toMatchObject({ status: 200, body: { status: 'VOIDED' } });
    expect(await creditBalance()).toBe('0');
  });

  it('breaks a subscription invoice’s discount down per coupon on GET, in lists, actions and invoice.created', async () => {
    const customerId = await createCustomer();
    const coupon = async (body: Json) => {
      const created = await call('POST', '/coupons', { body: { name: 'Coupon', frequency: 'FOREVER', ...body } });
      expect(created.status).toBe(201);
      const apply = await call('POST', '/coupons/apply', { body: { couponId: created.body.id, customerId } });
      expect(apply.status).toBe(201);
      return String(created.body.id);
    };
    const third = await coupon({ code: 'third', discountType: 'PERCENTAGE', percentage: 33.3333 });
    const fixed = await coupon({ code: 'FIXED12', discountType: 'FIXED_AMOUNT', amount: 12.34, currency: 'USD' });
    const plan = await call('POST', '/plans', { body: { name: 'Growth', code: 'growth', billingInterval: 'MONTHLY' } });
    // The period invoice as the subscription workflow's activity makes it (the workflow itself is tested elsewhere).
    const schema = `"${tenantSchemaName(tenant.tenantId)}"`;
    const subscriptionId = newId('subscription');
    await api.orm.em.getConnection().execute(
      `insert into ${schema}.subscriptions (id, customer_id, plan_id, currency, status, start_date, billing_anchor)
       values (?, ?, ?, 'USD', 'ACTIVE', now(), now())`,
      [subscriptionId, customerId, plan.body.id],
    );
    const made = await createInvoice(tenantSql(api.orm, tenant.tenantId), {
      customerId,
      currency: toCurrencyCode('USD'),
      subscriptionId,
      lines: [{ type: 'SUBSCRIPTION', description: 'Growth', quantity: '1', unitAmount: '99.99', amountMinor: 9999n }],
      autoFinalize: false,
      now: new Date(),
    });
    const discounts = [
      { couponId: third, code: 'THIRD', amount: 33.33 },
      { couponId: fixed, code: 'FIXED12', amount: 12.34 },
    ];
    const invoice = await call('GET', `/invoices/${made.id}`);
    expect(invoice).toMatchObject({ status: 200, body: { subtotal: 99.99, discount: 45.67, discounts, total: 54.32 } });
    const manual = await createDraft(customerId);
    const list = await call('GET', `/invoices?customerId=${customerId}`);
    expect((list.body.data as Json[]).map((each) => [each.id, each.discounts])).toEqual([
      [manual.id, []],
      [made.id, discounts],
    ]);
    expect((await call('GET', `/customers/${customerId}/invoices`)).body.data).toEqual(list.body.data);
    const finalized = await call('POST', `/invoices/${made.id}/finalize`);
    expect(finalized).toMatchObject({ status: 200, body: { status: 'OPEN', discounts } });
    const [created] = await events();
    expect(created).toMatchObject({ event_type: 'invoice.created', data: { id: made.id, discounts } });
    const envelope = buildWebhookEnvelope({
      id: String(created?.id),
      type: 'invoice.created',
      data: created?.data ?? {},
      occurredAt: new Date(),
      testClockId: null,
    });
    const body: unknown = JSON.parse(serializeWebhookEnvelope(envelope));
    expect(findSchemaViolations(webhookPayloadSchemaOf('invoice.created'), body, 'body')).toEqual([]);
  });

  it('lists newest first with filters and pagination', async () => {
    const first = await createCustomer();
    const second = await createCustomer();
    const a = await createDraft(first);
    const b = await createDraft(second);
    const c = await createDraft(first);
    await call('POST', `/invoices/${String(c.id)}/finalize`);
    const page = await call('GET', '/invoices?limit=2');
    expect(page.body.meta).toEqual({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect((page.body.data as Json[]).map((invoice) => invoice.id)).toEqual([c.id, b.id]);
    const next = await call('GET', '/invoices?limit=2&page=2');
    expect((next.body.data as Json[]).map((invoice) => invoice.id)).toEqual([a.id]);
    expect(next.body.meta).toEqual({ total: 3, page: 2, limit: 2, totalPages: 2 });
    // Past the end no row carries the total: it is still counted.
    const past = await call('GET', '/invoices?limit=2&page=5');
    expect([past.body.data, past.body.meta]).toEqual([[], { total: 3, page: 5, limit: 2, totalPages: 2 }]);
    const drafts = await call('GET', `/invoices?status=DRAFT&customerId=${first}`);
    expect((drafts.body.data as Json[]).map((invoice) => invoice.id)).toEqual([a.id]);
    expect((await call('GET', '/invoices?status=PENDING')).status).toBe(400);
    expect((await call('GET', '/invoices?limit=101')).status).toBe(400);
    expect((await call('GET', '/payments?provider=PAYPAL')).status).toBe(400);
  });

  it("lists the customer's full invoices and payments under /customers/:id", async () => {
    const customerId = await createCustomer();
    const other = await createCustomer();
    await createDraft(other);
    const draft = await createDraft(customerId);
    const id = String(draft.id);
    await call('POST', `/invoices/${id}/finalize`);
    await call('POST', `/invoices/${id}/mark-paid`);
    const invoices = await call('GET', `/customers/${customerId}/invoices`);
    expect(invoices).toEqual({
      status: 200,
      body: {
        data: [(await call('GET', `/invoices/${id}`)).body],
        meta: { total: 1, page: 1, limit: 20, totalPages: 1 },
      },
    });
    const payments = await call('GET', `/customers/${customerId}/payments`);
    expect(payments.body).toEqual((await call('GET', `/payments?customerId=${customerId}`)).body);
    expect(payments.body.data).toEqual([expect.objectContaining({ invoiceId: id, provider: 'MANUAL' })]);
  });

  it('answers 404 for unknown ids and 401 without credentials', async () => {
    expect(await call('GET', `/invoices/${UNKNOWN_INVOICE}`)).toMatchObject({
      status: 404,
      body: { error: 'invoice_not_found' },
    });
    expect((await call('POST', `/invoices/${UNKNOWN_INVOICE}/finalize`)).status).toBe(404);
    expect((await call('GET', '/payments/pay_01JD0000000000000000000000')).status).toBe(404);
    expect((await call('GET', '/invoices', { token: null })).status).toBe(401);
    expect((await call('GET', '/payments', { token: null })).status).toBe(401);
  });

  it('needs invoices:write to change, invoices:read to read, payments:read for payments (403 naming it)', async () => {
    const readOnly = await createTenantFixture(api.orm, api.config, {
      scopes: SCOPES.filter((scope) => !['invoices:write', 'payments:read'].includes(scope)),
    });
    const customerId = await createCustomer();
    const invoice = await createDraft(customerId);
    const create = await call('POST', '/invoices', { token: readOnly.apiKey, body: { customerId, items } });
    expect(create).toMatchObject({ status: 403, body: { message: 'Missing scope: invoices:write' } });
    const payments = await call('GET', '/payments', { token: readOnly.apiKey });
    expect(payments).toMatchObject({ status: 403, body: { message: 'Missing scope: payments:read' } });
    const writeOnly = await createTenantFixture(api.orm, api.config, { scopes: ['invoices:write'] });
    const read = await call('GET', `/invoices/${String(invoice.id)}`, { token: writeOnly.apiKey });
    expect(read).toMatchObject({ status: 403, body: { message: 'Missing scope: invoices:read' } });
  });
});
