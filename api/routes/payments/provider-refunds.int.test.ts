import { newId } from '../../../infra/ids';
import type { Json } from '../../../test/harness/api-client';
import { setUpProviderRefundSuite, stripeRefunds } from '../../../test/fixtures/provider-refund-suite';

const credentials = {
  secretKey: 'sk_test_51Refunds000000000000000000',
  webhookSecret: 'whsec_refunds000000000000000000',
};

/**
 * Refunds of provider payments through the Stripe fake (real HTTP, Stripe's form encoding, idempotency keys and
 * signed `refund.updated` events): accepted at once, refused, pending until the notification, and the provider
 * unreachable. The notification is verified by the Stripe adapter and applied with `applyRefundNotification`, what
 * the payment workflow does with it.
 */
describe('provider refunds (Stripe)', () => {
  const { api, fake: stripe, providerId, call, fixture } = setUpProviderRefundSuite(stripeRefunds(credentials));
  const { sql, refund, payment } = fixture;
  /** A SUCCEEDED Stripe payment of 50.00 USD: a Checkout Session paid at the fake, its PaymentIntent recorded. */
  const paidThroughStripe = async () => {
    const { paymentId, providerReference } = await fixture.paidPayment();
    return { paymentId, paymentIntent: providerReference };
  };
  /** The fake's signed `refund.updated`, verified by the adapter as the inbound route does. */
  const refundNotification = (refundId: string, outcome: 'succeeded' | 'failed') =>
    fixture.verifiedRefundNotification(stripe.refundNotification(refundId, api.url, outcome));
  const apply = fixture.applyNotification;
  const refundedEventCount = async (paymentId: string) => {
    const [row] = await sql<{ n: string }>(
      `select count(*)::text as n from $schema.webhook_events
        where event_type = 'payment.refunded' and data->>'id' = ?`,
      [paymentId],
    );
    return Number(row?.n);
  };

  it('refunds through POST /v1/refunds against the PaymentIntent: Stripe answers succeeded', async () => {
    const { paymentId, paymentIntent } = await paidThroughStripe();
    const { status, body } = await refund(paymentId, { amount: 20, reason: 'duplicate order' });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'SUCCEEDED',
      amount: 20,
      providerReference: expect.stringMatching(/^re_test_/) as unknown,
    });
    const sent = stripe.requests.filter((request) => request.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['idempotency-key']).toBe(body.id);
    const form = new URLSearchParams(sent[0]?.body);
    expect(form.get('payment_intent')).toBe(paymentIntent);
    expect(form.get('amount')).toBe('2000');
    expect(form.get('metadata[refund_id]')).toBe(body.id);
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 20 });
  });

  it('answers 201 FAILED with the provider’s reason when Stripe refuses, and frees the cap', async () => {
    const { paymentId } = await paidThroughStripe();
    stripe.failNextCall('/v1/refunds', 400, {
      error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge has been disputed.' },
    });
    const { status, body } = await refund(paymentId, { amount: 50 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'FAILED', providerReference: null });
    expect(String(body.failureReason)).toContain('Charge has been disputed.');
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0 });
    expect(await refundedEventCount(paymentId)).toBe(0);
    expect((await refund(paymentId)).body).toMatchObject({ status: 'SUCCEEDED', amount: 50 });
    expect(await payment(paymentId)).toMatchObject({ status: 'REFUNDED', amountRefunded: 50 });
  });

  it('keeps a pending refund PENDING, holding the cap, until its notification completes it once', async () => {
    const { paymentId } = await paidThroughStripe();
    stripe.setRefundStatus('pending');
    const { status, body } = await refund(paymentId, { amount: 30 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'PENDING', providerReference: expect.stringMatching(/^re_test_/) as unknown });
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0 });
    // A PENDING refund counts against the cap.
    expect((await refund(paymentId, { amount: 20.01 })).body).toMatchObject({ error: 'refund_exceeds_payment' });

    const notification = refundNotification(String(body.id), 'succeeded');
    expect(notification).toMatchObject({ refundId: body.id, providerRefundId: body.providerReference });
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: true });
    expect(await payment(paymentId)).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      amountRefunded: 30,
      refunds: [expect.objectContaining({ id: body.id, status: 'SUCCEEDED' })],
    });
    // The same notification again (a redelivery) changes nothing.
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: false });
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 30 });
    expect(await refundedEventCount(paymentId)).toBe(1);
    // A failure after the success undoes it once: the money did not go back after all, and is refundable again.
    const reversed = { ...notification, outcome: 'failed' as const, failureReason: 'lost_or_stolen_card' };
    // A failure the provider's refund API did not confirm is not believed after a success.
    expect(await apply(paymentId, reversed)).toMatchObject({ applied: true, changed: false });
    expect(await payment(paymentId)).toMatchObject({ status: 'PARTIALLY_REFUNDED', amountRefunded: 30 });
    expect(await apply(paymentId, reversed, true)).toMatchObject({ applied: true, changed: true });
    expect(await apply(paymentId, reversed, true)).toMatchObject({ changed: false });
    expect(await payment(paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      amountRefunded: 0,
      refunds: [expect.objectContaining({ id: body.id, status: 'FAILED' })],
    });
    const [failedEvents] = await sql<{ n: string }>(
      `select count(*)::text as n from $schema.webhook_events where event_type = 'payment.refund_failed' and data->>'id' = ?`,
      [paymentId],
    );
    expect(failedEvents?.n).toBe('1');
    expect((await refund(paymentId)).body).toMatchObject({ amount: 50 });
  });

  it('books the asked-for credit note only when the notification completes the refund, and only on a PAID invoice', async () => {
    const { paymentId } = await paidThroughStripe();
    stripe.setRefundStatus('pending');
    const { body } = await refund(paymentId, { amount: 10, createCreditNote: true });
    expect(body).toMatchObject({ status: 'PENDING', creditNoteId: null, creditNoteSkippedReason: null });
    await apply(paymentId, refundNotification(String(body.id), 'succeeded'));
    const [row] = (await payment(paymentId)).refunds as Json[];
    // This payment's invoice is still OPEN: a credit note would lower what is due, which a refund must not do.
    expect(row).toMatchObject({ status: 'SUCCEEDED', creditNoteId: null });
    expect(String(row?.creditNoteSkippedReason)).toMatch(/^invalid_state_transition: .*needs a PAID invoice/);
  });

  it('gives a wallet its bought credits back when Stripe reports the refund of their purchase failed', async () => {
    const customer = await call('POST', '/customers', {
      body: { externalId: 'wallet-buyer', email: 'buyer@example.com', currency: 'USD' },
    });
    const customerId = String(customer.body.id);
    const wallet = await call('POST', '/wallets', { body: { customerId, paidCredits: 30 } });
    expect(wallet.status).toBe(201);
    const walletNow = async () => (await call('GET', `/wallets/${String(wallet.body.id)}`)).body;
    const transactions = async () =>
      ((await call('GET', `/wallets/${String(wallet.body.id)}/transactions`)).body.data as Json[]).map((each) => ({
        source: each.source,
        transactionType: each.transactionType,
        creditAmount: each.creditAmount,
      }));
    const bought = (await transactions()).find((each) => each.source === 'PURCHASE');
    expect(bought).toMatchObject({ transactionType: 'INBOUND', creditAmount: 30 });
    const [purchase] = (await call('GET', `/invoices?customerId=${customerId}`)).body.data as Json[];
    const { paymentId } = await fixture.paidPayment({
      invoiceId: String(purchase?.id),
      customerId,
      email: 'buyer@example.com',
      amountMinor: 3000n,
    });
    expect((await call('GET', `/invoices/${String(purchase?.id)}`)).body).toMatchObject({ status: 'PAID' });

    stripe.setRefundStatus('pending');
    const { body } = await refund(paymentId, { amount: 10 });
    expect(body).toMatchObject({ status: 'PENDING' });
    // The credits the refund pays back leave the wallet while it is pending, so they cannot be spent meanwhile.
    expect(await walletNow()).toMatchObject({ creditsBalance: 20, balance: 20 });

    const failed = refundNotification(String(body.id), 'failed');
    expect(await apply(paymentId, failed)).toMatchObject({ applied: true, changed: true });
    expect(await walletNow()).toMatchObject({ creditsBalance: 30, balance: 30 });
    // A redelivery of the failure gives nothing twice.
    expect(await apply(paymentId, failed)).toMatchObject({ applied: true, changed: false });
    expect(await walletNow()).toMatchObject({ creditsBalance: 30, balance: 30 });
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0 });
    const moves = await transactions();
    expect(moves).toHaveLength(3);
    expect(moves).toEqual(
      expect.arrayContaining([
        { source: 'PURCHASE', transactionType: 'INBOUND', creditAmount: 30 },
        { source: 'VOID', transactionType: 'OUTBOUND', creditAmount: 10 },
        { source: 'PURCHASE', transactionType: 'INBOUND', creditAmount: 10 },
      ]),
    );
  });

  it('finds a refund by the provider’s id when the notification does not echo ours, and fails it', async () => {
    const { paymentId } = await paidThroughStripe();
    stripe.setRefundStatus('pending');
    const { body } = await refund(paymentId, { amount: 50 });
    const notification = { ...refundNotification(String(body.id), 'failed'), refundId: null };
    expect(await apply(paymentId, notification)).toMatchObject({ applied: true, changed: true });
    const [row] = (await payment(paymentId)).refunds as Json[];
    expect(row).toMatchObject({ status: 'FAILED', failureReason: 'expired_or_canceled_card' });
    expect(await payment(paymentId)).toMatchObject({ status: 'SUCCEEDED', amountRefunded: 0 });
    expect(await refundedEventCount(paymentId)).toBe(0);
  });

  it('ignores a notification naming another payment’s refund', async () => {
    const first = await paidThroughStripe();
    const second = await paidThroughStripe();
    stripe.setRefundStatus('pending');
    const { body } = await refund(first.paymentId, { amount: 10 });
    const notification = refundNotification(String(body.id), 'succeeded');
    expect(await apply(second.paymentId, notification)).toEqual({ applied: false, reason: 'unknown_refund' });
    expect((await payment(first.paymentId)).refunds).toEqual([expect.objectContaining({ status: 'PENDING' })]);
  });

  it('keeps the refund PENDING when Stripe fails with a 5xx: whether it refunded is unknown', async () => {
    const { paymentId } = await paidThroughStripe();
    stripe.failNextCall('/v1/refunds', 500, { error: { type: 'api_error', message: 'Something went wrong' } });
    const { status, body } = await refund(paymentId, { amount: 50 });
    expect(status).toBe(201);
    expect(body).toMatchObject({ status: 'PENDING', providerReference: null, failureReason: null });
    expect((await refund(paymentId, { amount: 1 })).body).toMatchObject({ error: 'refund_exceeds_payment' });
  });

  it('keeps the configuration while a payment or refund through it is PENDING: DELETE is 409 payment_provider_in_use', async () => {
    const { paymentId } = await paidThroughStripe();
    stripe.setRefundStatus('pending');
    const { body } = await refund(paymentId, { amount: 5 });
    const refused = await call('DELETE', `/payment-providers/${providerId()}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'payment_provider_in_use' });
    await apply(paymentId, refundNotification(String(body.id), 'succeeded'));
    // A PENDING payment through it holds it as well.
    await sql("update $schema.payments set status = 'PENDING' where id = ?", [paymentId]);
    expect((await call('DELETE', `/payment-providers/${providerId()}`)).status).toBe(409);
    await sql("update $schema.payments set status = 'PARTIALLY_REFUNDED' where id = ?", [paymentId]);
    expect((await call('DELETE', `/payment-providers/${providerId()}`)).status).toBe(200);
    expect((await call('DELETE', `/payment-providers/${providerId()}`)).status).toBe(404);
  });

  it('refuses a payment whose provider configuration is gone: 409, nothing reserved', async () => {
    const { paymentId } = await paidThroughStripe();
    await sql('update $schema.payments set provider_id = ? where id = ?', [newId('paymentProvider'), paymentId]);
    const reply = await refund(paymentId, { amount: 1 });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ error: 'payment_provider_not_configured' });
    expect(await sql('select id from $schema.refunds where payment_id = ?', [paymentId])).toEqual([]);
  });
});
