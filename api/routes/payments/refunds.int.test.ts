import { parseDecimal, type Decimal } from '../../../domain/money';
import { buildWebhookEnvelope, serializeWebhookEnvelope } from '../../../domain/webhooks';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createManualInvoice, finalizeInvoice } from '../../../services/billing/invoices';
import { applyRefundOutcome } from '../../../services/payments/refunds';
import { type Json } from '../../../test/harness/api-client';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { findSchemaViolations } from '../../validation/validator';
import { webhookPayloadSchemaOf } from '../webhook-events/payload-schemas';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;
const REFUND_ID = expect.stringMatching(/^re_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown;
const UNKNOWN_PAYMENT = 'pay_01JD0000000000000000000000';

const one: Decimal = (() => {
  const parsed = parseDecimal(1, 0);
  if (!parsed.ok) throw new Error('1 is a decimal');
  return parsed.value;
})();

describe('refunds (POST /payments/:id/refund) and the payment read side', () => {
  const { api, tenant, call, sql, createCustomer } = setUpResourceTest();

  const store = () => tenantSql(api.orm, tenant.tenantId);

  /** An OPEN manual invoice of one line, in the customer's currency. */
  const openInvoice = async (customerId: string, unitAmount: number) => {
    const now = new Date();
    const created = await createManualInvoice(store(), {
      customerId,
      items: [{ description: 'Service', quantity: one, unitAmount }],
      now,
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const opened = await finalizeInvoice(store(), created.value.id, now);
    if (!opened.ok) throw new Error(JSON.stringify(opened.error));
    return opened.value.id;
  };
  /** A PAID invoice and the SUCCEEDED MANUAL payment mark-paid made for it. */
  const paidInvoice = async (unitAmount: number, currency = 'USD') => {
    const customerId = await createCustomer({ currency });
    const invoiceId = await openInvoice(customerId, unitAmount);
    const paid = await call('POST', `/invoices/${invoiceId}/mark-paid`);
    expect(paid.status).toBe(200);
    const [payment] = await sql<{ id: string }>('select id from $schema.payments where invoice_id = ?', [invoiceId]);
    if (payment === undefined) throw new Error('mark-paid made no payment');
    return { customerId, invoiceId, paymentId: payment.id };
  };
  const refund = (paymentId: string, body: Json = {}, token?: string | null) =>
    call('POST', `/payments/${paymentId}/refund`, { body, ...(token === undefined ? {} : { token }) });
  const payment = async (paymentId: string) => (await call('GET', `/payments/${paymentId}`)).body;
  const refundedEvents = (paymentId: string) =>
    sql<{ id: string; data: Json; occurred_at: string }>(
      `select id, data, occurred_at from $schema.webhook_events where event_type = 'payment.refunded' and data->>'id' = ?
        order by occurred_at, id`,
      [paymentId],
    );

  it('refunds part of a MANUAL payment at once: SUCCEEDED, PARTIALLY_REFUNDED, payment.refunded', async () => {
    const { paymentId, invoiceId } = await paidInvoice(100);
    const { status, body } = await refund(paymentId, { amount: 30.25, reason: 'requested_by_customer' });
    expect(status).toBe(201);
    expect(body).toEqual({
      id: REFUND_ID,
      paymentId,
      amount: 30.25,
      amountFromCredit: 0,
      currency: 'USD',
      reason: 'requested_by_customer',
      status: 'SUCCEEDED',
      providerReference: null,
      failureReason: null,
      creditNoteId: null,
      creditNoteSkippedReason: null,
      createdAt: TIMESTAMP,
      updatedAt: TIMESTAMP,
    });
    expect(await payment(paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      amount: 100,
      amountRefunded: 30.25,
      refunds: [body],
      events: [],
    });
    expect((await refundedEvents(paymentId)).map((event) => event.data)).toEqual([
      {
        id: paymentId,
        invoiceId,
        amount: 100,
        currency: 'USD',
        provider: 'MANUAL',
        status: 'PARTIALLY_REFUNDED',
        amountRefunded: 30.25,
        refund: { id: body.id, amount: 30.25 },
      },
    ]);
    // The body as it would be sent matches its documented OpenAPI component.
    for (const event of await refundedEvents(paymentId)) {
      const envelope = {
        id: event.id,
        type: 'payment.refunded',
        data: event.data,
        occurredAt: new Date(event.occurred_at),
        testClockId: null,
      };
      const sent: unknown = JSON.parse(serializeWebhookEnvelope(buildWebhookEnvelope(envelope)));
      expect(findSchemaViolations(webhookPayloadSchemaOf('payment.refunded'), sent, 'body')).toEqual([]);
    }
    // Refunds never change their invoice.
    expect((await call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'PAID', amountPaid: 100 });
  });

  it('refunds the rest when no amount is given: REFUNDED, then a further refund is 409 invalid_state_transition', async () => {
    const { paymentId } = await paidInvoice(80);
    expect((await refund(paymentId, { amount: 30 })).status).toBe(201);
    const rest = await refund(paymentId);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amount: 50, status: 'SUCCEEDED' });
    const after = await payment(paymentId);
    expect(after).toMatchObject({ status: 'REFUNDED', amountRefunded: 80 });
    expect((after.refunds as Json[]).map((row) => row.amount)).toEqual([30, 50]);
    const again = await refund(paymentId, { amount: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'invalid_state_transition' });
    const events = await refundedEvents(paymentId);
    expect(events.map((event) => [event.data.status, event.data.amountRefunded])).toEqual([
      ['PARTIALLY_REFUNDED', 30],
      ['REFUNDED', 80],
    ]);
  });

  it('replays a retried request with the same Idempotency-Key instead of refunding twice', async () => {
    const { paymentId } = await paidInvoice(40);
    const headers = { 'Idempotency-Key': `refund-${paymentId}` };
    const first = await call('POST', `/payments/${paymentId}/refund`, { body: { amount: 15 }, headers });
    const retried = await call('POST', `/payments/${paymentId}/refund`, { body: { amount: 15 }, headers });
    expect(first.status).toBe(201);
    expect(retried).toEqual(first);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await payment(paymentId)).toMatchObject({ amountRefunded: 15, refunds: [first.body] });
  });

  it('refuses more than what is left: 409 refund_exceeds_payment, nothing recorded', async () => {
    const { paymentId } = await paidInvoice(50);
    expect((await refund(paymentId, { amount: 40 })).status).toBe(201);
    const over = await refund(paymentId, { amount: 10.01 });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ statusCode: 409, error: 'refund_exceeds_payment' });
    expect(String(over.body.message)).toContain('10.00 USD can still be refunded');
    expect((await refund(paymentId, { amount: 10 })).body).toMatchObject({ status: 'SUCCEEDED' });
    expect(await payment(paymentId)).toMatchObject({ status: 'REFUNDED', amountRefunded: 50 });
  });

  it('lets exactly the concurrent refunds that fit succeed: the total never exceeds the payment', async () => {
    const { paymentId } = await paidInvoice(100);
    const replies = await Promise.all(Array.from({ length: 10 }, () => refund(paymentId, { amount: 15 })));
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 409, 409, 409, 409]);
    for (const reply of replies.filter((candidate) => candidate.status === 409)) {
      expect(reply.body.error).toBe('refund_exceeds_payment');
    }
    const after = await payment(paymentId);
    expect(after).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 90 });
    expect(after.refunds as Json[]).toHaveLength(6);
    const [total] = await sql<{ total: string }>(
      'select sum(amount_minor)::text as total from $schema.refunds where payment_id = ?',
      [paymentId],
    );
    expect(total?.total).toBe('9000');
    expect(await refundedEvents(paymentId)).toHaveLength(6);
  });

  it('books a FINALIZED credit note of reason OTHER for the refunded amount, granting no customer credit', async () => {
    const { paymentId, invoiceId, customerId } = await paidInvoice(100);
    const { status, body } = await refund(paymentId, { amount: 25, createCreditNote: true });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'SUCCEEDED',
      creditNoteId: expect.stringMatching(/^cn_/) as unknown,
      creditNoteSkippedReason: null,
    });
    const note = await call('GET', `/credit-notes/${String(body.creditNoteId)}`);
    expect(note.body).toMatchObject({ invoiceId, customerId, reason: 'OTHER', amount: 25, status: 'FINALIZED' });
    expect((await call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({
      status: 'PAID',
      amountPaid: 100,
      amountCredited: 25,
      amountDue: 0,
    });
    // The refund gave the money back already: crediting the customer as well would pay it twice.
    const credit = await sql<{ n: string }>(
      'select count(*)::text as n from $schema.customer_credit_entries where customer_id = ?',
      [customerId],
    );
    expect(credit[0]?.n).toBe('0');
  });

  it('books a credit note a crash left out when the outcome comes again, without refunding twice', async () => {
    const { paymentId, invoiceId } = await paidInvoice(100);
    const refundId = newId('refund');
    // As a crash between the refund's commit and the credit note's would leave it.
    await sql(
      `insert into $schema.refunds (id, payment_id, amount_minor, currency, status, create_credit_note, created_at,
         updated_at, succeeded_at)
       values (?, ?, 4000, 'USD', 'SUCCEEDED', true, now(), now(), now())`,
      [refundId, paymentId],
    );
    await sql("update $schema.payments set amount_refunded_minor = 4000, status = 'PARTIALLY_REFUNDED' where id = ?", [
      paymentId,
    ]);
    const again = { refundId, outcome: 'succeeded', providerRefundId: null, failureReason: null } as const;
    const applied = await applyRefundOutcome(store(), { ...again, now: new Date() });
    expect(applied).toMatchObject({ changed: false, refund: { status: 'SUCCEEDED' } });
    expect(applied?.refund.creditNoteId).toMatch(/^cn_/);
    expect(await applyRefundOutcome(store(), { ...again, now: new Date() })).toMatchObject({
      refund: { creditNoteId: applied?.refund.creditNoteId },
    });
    const notes = await sql<{ n: string }>(
      'select count(*)::text as n from $schema.credit_notes where invoice_id = ?',
      [invoiceId],
    );
    expect(notes[0]?.n).toBe('1');
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 40 });
    expect(await refundedEvents(paymentId)).toHaveLength(0);
  });

  it('completes the refund and says why when the credit note rules refuse one', async () => {
    const { paymentId, invoiceId } = await paidInvoice(100);
    const draft = await call('POST', '/credit-notes', { body: { invoiceId, reason: 'DUPLICATE', amount: 90 } });
    expect(draft.status).toBe(201);
    const { status, body } = await refund(paymentId, { amount: 20, createCreditNote: true });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'SUCCEEDED', creditNoteId: null });
    expect(String(body.creditNoteSkippedReason)).toMatch(/^credit_exceeds_invoice_total: /);
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 20 });
  });

  it('refuses payments that are not SUCCEEDED or PARTIALLY_REFUNDED (409 invalid_state_transition)', async () => {
    const customerId = await createCustomer();
    const invoiceId = await openInvoice(customerId, 10);
    const id = newId('payment');
    await sql(
      `insert into $schema.payments (id, invoice_id, customer_id, amount_minor, currency, provider, status,
         failure_reason, failed_at)
       values (?, ?, ?, 1000, 'USD', 'STRIPE', 'FAILED', 'card_declined', now())`,
      [id, invoiceId, customerId],
    );
    const reply = await refund(id, { amount: 1 });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ error: 'invalid_state_transition' });
    expect(await sql('select id from $schema.refunds where payment_id = ?', [id])).toEqual([]);
  });

  it('answers 400 naming the field, 404 for unknown and other tenants’ payments, 401 and 403', async () => {
    const { paymentId } = await paidInvoice(10);
    const bad = async (body: Json, path: string) => {
      const reply = await refund(paymentId, body);
      expect(reply.status).toBe(400);
      expect(reply.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
    };
    await bad({ amount: 0 }, 'body.amount');
    await bad({ amount: 1.001 }, 'body.amount');
    await bad({ amount: -1 }, 'body.amount');
    await bad({ reason: 'x'.repeat(501) }, 'body.reason');
    await bad({ createCreditNote: 'yes' }, 'body.createCreditNote');
    await bad({ currency: 'USD' }, 'body.currency');
    expect((await refund(UNKNOWN_PAYMENT, { amount: 1 })).body).toMatchObject({ error: 'payment_not_found' });
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await refund(paymentId, { amount: 1 }, other.apiKey);
    expect(foreign.status).toBe(404);
    expect((await call('GET', `/payments/${paymentId}`, { token: other.apiKey })).status).toBe(404);
    expect((await refund(paymentId, { amount: 1 }, null)).status).toBe(401);
    const readOnly = await createTenantFixture(api.orm, api.config, { scopes: ['payments:read'] });
    const forbidden = await call('POST', `/payments/${UNKNOWN_PAYMENT}/refund`, { body: {}, token: readOnly.apiKey });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Missing scope: payments:write');
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0, refunds: [] });
  });

  it('respects the currency exponent: JPY takes whole units only', async () => {
    const { paymentId } = await paidInvoice(1500, 'JPY');
    const fraction = await refund(paymentId, { amount: 0.5 });
    expect(fraction.status).toBe(400);
    expect((await refund(paymentId, { amount: 500 })).body).toMatchObject({ amount: 500, currency: 'JPY' });
  });

  it('lists each payment with its refunds (oldest first) and provider notifications (oldest first, the last 90 days) on every read', async () => {
    const { paymentId, customerId } = await paidInvoice(60);
    const first = (await refund(paymentId, { amount: 10 })).body;
    const second = (await refund(paymentId, { amount: 20 })).body;
    // Relative to now: the read shows only the last 90 days (CONTRACT §11 retention).
    const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
    const [old, earlier, later] = [ago(91 * 24 * 3600_000), ago(2 * 60_000), ago(60_000)];
    await sql(
      `insert into $schema.payment_events (provider, event_id, payment_id, type, payload, received_at)
       values ('STRIPE', 'evt_2', ?, 'refund.updated', '{}', ?),
              ('STRIPE', 'evt_1', ?, 'checkout.session.completed', '{}', ?),
              ('STRIPE', 'evt_0', ?, 'checkout.session.completed', '{}', ?)`,
      [paymentId, later, paymentId, earlier, paymentId, old],
    );
    const events = [
      { id: 'evt_1', type: 'checkout.session.completed', receivedAt: earlier },
      { id: 'evt_2', type: 'refund.updated', receivedAt: later },
    ];
    const expected = { id: paymentId, refunds: [first, second], events };
    expect(await payment(paymentId)).toMatchObject(expected);
    const other = await paidInvoice(5);
    const list = await call('GET', '/payments?limit=100');
    const byId = new Map((list.body.data as Json[]).map((row) => [row.id, row]));
    expect(byId.get(paymentId)).toMatchObject(expected);
    expect(byId.get(other.paymentId)).toMatchObject({ refunds: [], events: [] });
    const ofCustomer = await call('GET', `/customers/${customerId}/payments`);
    expect(ofCustomer.body.data).toEqual([expect.objectContaining(expected)]);
  });
});
