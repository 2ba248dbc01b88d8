import { randomBytes } from 'node:crypto';
import type { MpesaCredentials } from '../../../services/payments/providers';
import { deliverNotification, type ProviderNotification } from '../../../test/fakes/fake-provider';
import { startMpesaFake, type MpesaFake } from '../../../test/fakes/mpesa-fake';
import { startPaystackFake, type PaystackFake } from '../../../test/fakes/paystack-fake';
import { ownDatabase } from '../../../test/harness/own-database';
import {
  checkout,
  openInvoice,
  outboundEvents,
  payingTenant,
  paymentWhen,
  startPaymentPath,
  type PayingTenant,
  type PaymentPath,
} from '../../../test/scenarios/payment-path';
import { waitForValue } from '../../../test/harness/wait-for';

const database = ownDatabase();

/**
 * A notification is a claim the provider's API must confirm, failures included, through the public API with a
 * worker process and the provider's fake: a false claim changes nothing and does not count as received, so the
 * provider's genuine notification that follows is still taken.
 */
describe('provider notifications as claims, through the API and a worker', () => {
  let path: PaymentPath;
  let mpesa: MpesaFake;
  let mpesaPayer: PayingTenant;
  let paystack: PaystackFake;
  let paystackPayer: PayingTenant;

  beforeAll(async () => {
    path = await startPaymentPath('claims', database.env());
    const credentials: MpesaCredentials = {
      consumerKey: `ck-${randomBytes(8).toString('hex')}`,
      consumerSecret: `cs-${randomBytes(8).toString('hex')}`,
      shortcode: '174379',
      passkey: randomBytes(16).toString('hex'),
      environment: 'sandbox',
      initiatorName: 'testapi',
      securityCredential: randomBytes(32).toString('base64'),
    };
    mpesa = await startMpesaFake(credentials);
    mpesaPayer = await payingTenant(path.api, { provider: 'MPESA', credentials, apiBaseUrl: mpesa.url });
    const paystackCredentials = { secretKey: `sk_test_${randomBytes(16).toString('hex')}` };
    paystack = await startPaystackFake(paystackCredentials);
    paystackPayer = await payingTenant(path.api, {
      provider: 'PAYSTACK',
      credentials: paystackCredentials,
      apiBaseUrl: paystack.url,
    });
  });
  afterAll(async () => {
    await paystack.close();
    await mpesa.close();
    await path.close();
  });

  /** An STK callback for the payment's prompt, sent to the callback URL (with its token) as only Daraja should. */
  const stkCallbackOf = (paymentId: string, result: { code: number; desc: string }): ProviderNotification => {
    const push = mpesa.requests.find(
      (request) => request.path === '/mpesa/stkpush/v1/processrequest' && request.body.includes(paymentId),
    );
    const sent = JSON.parse(push?.body ?? '{}') as { CallBackURL?: string };
    if (sent.CallBackURL === undefined) throw new Error(`no STK push for ${paymentId}`);
    const callback = {
      MerchantRequestID: `forged-${randomBytes(4).toString('hex')}`,
      CheckoutRequestID: mpesa.checkoutRequestIdOf(paymentId),
      ResultCode: result.code,
      ResultDesc: result.desc,
    };
    return { url: sent.CallBackURL, headers: {}, body: JSON.stringify({ Body: { stkCallback: callback } }) };
  };

  it('a forged M-Pesa failure while the payer has not answered changes nothing; the genuine success is then taken', async () => {
    const invoiceId = await openInvoice(mpesaPayer, 'KES', 1500);
    const body = { phoneNumber: '+254712345678' };
    const paymentId = String((await checkout(mpesaPayer, invoiceId, body)).id);

    // Whoever holds the callback URL (its token) claims the payer cancelled; Daraja's query says it is in progress.
    const forged = stkCallbackOf(paymentId, { code: 1032, desc: 'Request cancelled by user' });
    expect(await deliverNotification(forged)).toEqual({ statusCode: 200, text: '{"received":true}' });
    const stored = await mpesaPayer.call('GET', `/payments/${paymentId}`);
    expect(stored.body.events).toHaveLength(1);
    // The workflow asks Daraja, which contradicts the claim: the event no longer counts as received.
    await waitForValue('the forged event forgotten', async () => {
      const payment = await mpesaPayer.call('GET', `/payments/${paymentId}`);
      return (payment.body.events as unknown[]).length === 0 ? payment.body : undefined;
    });
    expect((await mpesaPayer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({
      status: 'PENDING',
      failureReason: null,
    });
    expect(await outboundEvents(path.api, mpesaPayer)).not.toContainEqual({ type: 'payment.failed', id: paymentId });

    // The invoice still has its open payment: a second checkout returns it.
    const again = await mpesaPayer.call('POST', `/invoices/${invoiceId}/checkout`, { body });
    expect([again.status, again.body.id]).toEqual([200, paymentId]);

    // The payer pays; Daraja's genuine callback has the same CheckoutRequestID (the event id) and is not a repeat.
    mpesa.completePayment(paymentId);
    expect((await deliverNotification(mpesa.paymentNotification(paymentId, path.api.url))).statusCode).toBe(200);
    const paid = await paymentWhen(mpesaPayer, paymentId, 'SUCCEEDED');
    expect(paid.events).toEqual([
      { id: mpesa.checkoutRequestIdOf(paymentId), type: 'stkCallback', receivedAt: expect.any(String) as string },
    ]);
    expect((await mpesaPayer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'PAID' });
    expect(await outboundEvents(path.api, mpesaPayer)).not.toContainEqual({ type: 'payment.failed', id: paymentId });
  });

  /** A SUCCEEDED Paystack payment of 5,000.00 NGN. */
  const paidThroughPaystack = async (): Promise<string> => {
    const invoiceId = await openInvoice(paystackPayer, 'NGN', 5000);
    const paymentId = String((await checkout(paystackPayer, invoiceId)).id);
    paystack.completePayment(paymentId);
    expect((await deliverNotification(paystack.paymentNotification(paymentId, path.api.url))).statusCode).toBe(200);
    await paymentWhen(paystackPayer, paymentId, 'SUCCEEDED');
    return paymentId;
  };
  const refund = async (paymentId: string, amount: number): Promise<string> => {
    const answer = await paystackPayer.call('POST', `/payments/${paymentId}/refund`, { body: { amount } });
    expect([answer.status, answer.body.status]).toEqual([201, 'PENDING']);
    return String(answer.body.id);
  };

  it('settles two equal partial Paystack refunds, each from its own notification', async () => {
    const paymentId = await paidThroughPaystack();
    const first = await refund(paymentId, 1000);
    const second = await refund(paymentId, 1000);
    for (const refundId of [first, second]) {
      const answer = await deliverNotification(paystack.refundNotification(refundId, path.api.url));
      expect(answer).toEqual({ statusCode: 200, text: '{"received":true}' });
    }
    const refunded = await waitForValue('both refunds settled', async () => {
      const payment = await paystackPayer.call('GET', `/payments/${paymentId}`);
      return payment.body.amountRefunded === 2000 ? payment.body : undefined;
    });
    expect(refunded).toMatchObject({
      status: 'PARTIALLY_REFUNDED',
      refunds: [
        { id: first, status: 'SUCCEEDED', amount: 1000 },
        { id: second, status: 'SUCCEEDED', amount: 1000 },
      ],
    });
    expect(refunded.events).toHaveLength(3);
  });

  it('settles a Paystack refund from a notification that carries only its refund_reference', async () => {
    const paymentId = await paidThroughPaystack();
    const refundId = await refund(paymentId, 1200);
    const sent = JSON.parse(paystack.refundNotification(refundId, path.api.url).body) as {
      event: string;
      data: Record<string, unknown>;
    };
    const { id: _paystackId, ...data } = sent.data;
    const answer = await deliverNotification(paystack.signedEvent({ event: sent.event, data }, path.api.url));
    expect(answer.statusCode).toBe(200);
    expect(await paymentWhen(paystackPayer, paymentId, 'PARTIALLY_REFUNDED')).toMatchObject({
      amountRefunded: 1200,
      refunds: [{ id: refundId, status: 'SUCCEEDED' }],
    });
  });

  it('a Paystack refund.processed that Paystack’s refund API contradicts changes nothing; the genuine one settles it', async () => {
    const paymentId = await paidThroughPaystack();
    const created = await paystackPayer.call('POST', `/payments/${paymentId}/refund`, { body: { amount: 700 } });
    const [refundId, paystackRefundId] = [String(created.body.id), String(created.body.providerReference)];
    const transactionReference = paystack
      .transactions()
      .find((item) => item.metadata.reference === paymentId)?.reference;
    // Signed with the tenant's key (whoever holds it), while Paystack still reports the refund pending.
    const forged = paystack.signedEvent(
      {
        event: 'refund.processed',
        data: {
          id: paystackRefundId,
          status: 'processed',
          transaction_reference: transactionReference,
          amount: '70000',
        },
      },
      path.api.url,
    );
    expect((await deliverNotification(forged)).statusCode).toBe(200);
    await waitForValue('the contradicted refund notification forgotten', async () => {
      const payment = await paystackPayer.call('GET', `/payments/${paymentId}`);
      return (payment.body.events as unknown[]).length === 1 ? true : undefined;
    });
    expect((await paystackPayer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({
      status: 'SUCCEEDED',
      amountRefunded: 0,
      refunds: [{ id: refundId, status: 'PENDING' }],
    });

    // Paystack processes it; its notification has the same event id as the forged one and is taken.
    expect((await deliverNotification(paystack.refundNotification(refundId, path.api.url))).statusCode).toBe(200);
    expect(await paymentWhen(paystackPayer, paymentId, 'PARTIALLY_REFUNDED')).toMatchObject({
      amountRefunded: 700,
      refunds: [{ id: refundId, status: 'SUCCEEDED' }],
    });
  });
});
