import { randomBytes } from 'node:crypto';
import { deliverNotification } from '../../../test/fakes/fake-provider';
import { startStripeFake, stripeSignatureHeader, type StripeFake } from '../../../test/fakes/stripe-fake';
import {
  checkout,
  openInvoice,
  outboundEvents,
  payingTenant,
  paymentWhen,
  startPaymentPath,
  type PayingTenant,
  type PaymentPath,
} from '../../../test/payment-path';

const MINUTE_MS = 60_000;
const stripeCredentials = () => ({
  secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
  webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
});

/** Issue 17 "Done when", Stripe: checkout, notification, verification fallback, refusals, through the real API. */
describe('a Stripe payment through the API, a worker and a fake Stripe', () => {
  let path: PaymentPath;
  let fake: StripeFake;
  let credentials: ReturnType<typeof stripeCredentials>;
  let payer: PayingTenant;

  beforeAll(async () => {
    path = await startPaymentPath('stripe-path');
    credentials = stripeCredentials();
    fake = await startStripeFake(credentials);
    payer = await payingTenant(path.api, { provider: 'STRIPE', credentials, apiBaseUrl: fake.url });
  });
  afterAll(async () => {
    await fake.close();
    await path.close();
  });

  /** The outbound events about this payment and its invoice's payment. */
  const paymentEventsOf = async (invoiceId: string, paymentId: string) =>
    (await outboundEvents(path.api, payer)).filter(
      (event) => event.id === paymentId || (event.type === 'invoice.paid' && event.id === invoiceId),
    );

  it('pays the invoice on checkout.session.completed: SUCCEEDED, PAID, payment.succeeded then invoice.paid', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 49.99);
    const payment = await checkout(payer, invoiceId);
    expect(payment).toMatchObject({ status: 'PENDING', provider: 'STRIPE', amount: 49.99 });
    expect(payment.checkoutUrl).toEqual(expect.stringMatching(/^https?:\/\//));
    const paymentId = String(payment.id);

    fake.completePayment(paymentId);
    const notification = fake.paymentNotification(paymentId, path.api.url);
    const eventId = (JSON.parse(notification.body) as { id: string }).id;
    expect(await deliverNotification(notification)).toEqual({ statusCode: 200, text: '{"received":true}' });

    const succeeded = await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(succeeded.events).toEqual([
      { id: eventId, type: 'checkout.session.completed', receivedAt: expect.any(String) as string },
    ]);
    const invoice = await payer.call('GET', `/invoices/${invoiceId}`);
    expect(invoice.body).toMatchObject({ status: 'PAID', amountPaid: 49.99, amountDue: 0 });
    expect(await paymentEventsOf(invoiceId, paymentId)).toEqual([
      { type: 'payment.succeeded', id: paymentId },
      { type: 'invoice.paid', id: invoiceId },
    ]);

    // Stripe delivers an event again when it missed our answer: stored once, applied once.
    expect((await deliverNotification(notification)).statusCode).toBe(200);
    const again = await payer.call('GET', `/payments/${paymentId}`);
    expect(again.body).toMatchObject({ status: 'SUCCEEDED', events: [{ id: eventId }] });
    expect(await paymentEventsOf(invoiceId, paymentId)).toHaveLength(2);
  });

  it('finds a payment no notification announced through the verification API at +5 minutes', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 12.5);
    const paymentId = String((await checkout(payer, invoiceId)).id);
    fake.completePayment(paymentId);

    // Not before the first rung of the ladder...
    await path.env.sleep(4 * MINUTE_MS + 50_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await payer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({ status: 'PENDING' });
    // ...and at it.
    await path.env.sleep(11_000);

    const succeeded = await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(succeeded.events).toEqual([]);
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'PAID', amountDue: 0 });
    expect(await paymentEventsOf(invoiceId, paymentId)).toEqual([
      { type: 'payment.succeeded', id: paymentId },
      { type: 'invoice.paid', id: invoiceId },
    ]);
  });

  it('changes nothing on forged, stale or cross-tenant notifications, then takes the genuine one', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 20);
    const paymentId = String((await checkout(payer, invoiceId)).id);
    fake.completePayment(paymentId);
    const genuine = fake.paymentNotification(paymentId, path.api.url);
    const nowSeconds = Math.floor(Date.now() / 1000);
    const signedWith = (secret: string, timestamp = nowSeconds) => ({
      ...genuine,
      headers: { 'stripe-signature': stripeSignatureHeader(secret, genuine.body, timestamp) },
    });
    // Another tenant's Stripe endpoint secret: valid for its own payments, not for this one.
    const otherTenantSecret = stripeCredentials().webhookSecret;
    await payingTenant(path.api, {
      provider: 'STRIPE',
      credentials: { ...stripeCredentials(), webhookSecret: otherTenantSecret },
      apiBaseUrl: fake.url,
    });

    for (const refused of [
      signedWith('whsec_forged'),
      signedWith(credentials.webhookSecret, nowSeconds - 301),
      signedWith(otherTenantSecret),
      { ...genuine, headers: {} },
    ]) {
      const answer = await deliverNotification(refused);
      expect({ status: answer.statusCode, body: JSON.parse(answer.text) as unknown }).toMatchObject({
        status: 401,
        body: { error: 'invalid_signature' },
      });
    }
    const untouched = await payer.call('GET', `/payments/${paymentId}`);
    expect(untouched.body).toMatchObject({ status: 'PENDING', events: [] });
    expect(await paymentEventsOf(invoiceId, paymentId)).toEqual([]);

    expect((await deliverNotification(genuine)).statusCode).toBe(200);
    const succeeded = await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(succeeded.events).toHaveLength(1);
  });
});
