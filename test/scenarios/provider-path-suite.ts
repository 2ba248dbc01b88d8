import type { ProviderKind } from '../../domain/payments';
import type { Json } from '../harness/api-client';
import { ownDatabase } from '../harness/own-database';
import { deliverNotification, type FakeProvider, type ProviderNotification } from '../fakes/fake-provider';
import {
  checkout,
  openInvoice,
  outboundEvents,
  payingTenant,
  paymentWhen,
  startPaymentPath,
  type PayingTenant,
  type PaymentPath,
} from './payment-path';

const MINUTE_MS = 60_000;

/** What a provider's path test needs to know of the provider and its fake. */
export interface ProviderPathSpec<C extends object, F extends FakeProvider> {
  provider: ProviderKind;
  currency: string;
  /** Major units, whole for M-Pesa. */
  amount: number;
  /** Fresh credentials (another tenant gets others). */
  credentials: () => C;
  startFake: (credentials: C) => Promise<F>;
  /** Extra checkout body (M-Pesa's phone number). */
  checkoutBody?: Json;
  /** The `type` the stored notification of a successful payment has. */
  paymentEventType: string;
  /**
   * A partial refund of a paid payment: how much, and how the provider reports its result: at once in the refund
   * call's answer, or later by a notification (`prepare` makes the fake answer "pending" where it would not).
   */
  refund: { amount: number; settledBy: 'answer' | 'notification'; prepare?: (fake: F) => void };
  /**
   * Copies of the genuine notification the API must refuse with 401: a forged signature, the secret of another
   * tenant (`otherCredentials`) and no signature at all, plus anything the provider's scheme adds (Stripe's age).
   */
  refusedCopies: (genuine: ProviderNotification, context: RefusalContext<C>) => ProviderNotification[];
}

export interface RefusalContext<C> {
  /** The paying tenant's credentials, and another tenant's of the same provider. */
  credentials: C;
  otherCredentials: C;
  payer: PayingTenant;
  paymentId: string;
  /** The platform's ENCRYPTION_KEY (M-Pesa callback tokens derive from it). */
  encryptionKey: Buffer;
}

/**
 * Issue 17 "Done when" for one provider: checkout, the provider's notification, the verification fallback and the
 * refusals, through the real API with a worker process, against the provider's fake.
 */
export function describeProviderPath<C extends object, F extends FakeProvider>(spec: ProviderPathSpec<C, F>): void {
  const database = ownDatabase();
  describe(`a ${spec.provider} payment through the API, a worker and the provider's fake`, () => {
    let path: PaymentPath;
    let fake: F;
    let payer: PayingTenant;
    let credentials: C;
    let otherCredentials: C;

    beforeAll(async () => {
      path = await startPaymentPath(spec.provider.toLowerCase(), database.env());
      credentials = spec.credentials();
      fake = await spec.startFake(credentials);
      payer = await payingTenant(path.api, { provider: spec.provider, credentials, apiBaseUrl: fake.url });
      // A second tenant of the same provider, whose secret must not open the first one's payments.
      otherCredentials = spec.credentials();
      await payingTenant(path.api, { provider: spec.provider, credentials: otherCredentials, apiBaseUrl: fake.url });
    });
    afterAll(async () => {
      await fake.close();
      await path.close();
    });

    const newPayment = async () => {
      const invoiceId = await openInvoice(payer, spec.currency, spec.amount);
      const payment = await checkout(payer, invoiceId, spec.checkoutBody);
      expect(payment).toMatchObject({ status: 'PENDING', provider: spec.provider, amount: spec.amount });
      return { invoiceId, paymentId: String(payment.id) };
    };
    /** The outbound events about this payment and its invoice's payment, in the order recorded. */
    const paymentEventsOf = async (invoiceId: string, paymentId: string) =>
      (await outboundEvents(path.api, payer)).filter(
        (event) => event.id === paymentId || (event.type === 'invoice.paid' && event.id === invoiceId),
      );
    const expectPaid = async (invoiceId: string, paymentId: string) => {
      const invoice = await payer.call('GET', `/invoices/${invoiceId}`);
      expect(invoice.body).toMatchObject({ status: 'PAID', amountPaid: spec.amount, amountDue: 0 });
      expect(await paymentEventsOf(invoiceId, paymentId)).toEqual([
        { type: 'payment.succeeded', id: paymentId },
        { type: 'invoice.paid', id: invoiceId },
      ]);
    };

    it('pays the invoice on the notification: SUCCEEDED, PAID, payment.succeeded then invoice.paid; a repeat is a no-op', async () => {
      const { invoiceId, paymentId } = await newPayment();

      fake.completePayment(paymentId);
      const notification = fake.paymentNotification(paymentId, path.api.url);
      expect(await deliverNotification(notification)).toEqual({ statusCode: 200, text: '{"received":true}' });

      const succeeded = await paymentWhen(payer, paymentId, 'SUCCEEDED');
      expect(succeeded.events).toEqual([
        { id: expect.any(String) as string, type: spec.paymentEventType, receivedAt: expect.any(String) as string },
      ]);
      await expectPaid(invoiceId, paymentId);

      // The provider sends it again (it missed our answer): stored once, applied once.
      expect((await deliverNotification(notification)).statusCode).toBe(200);
      expect((await payer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({
        status: 'SUCCEEDED',
        events: succeeded.events,
      });
      expect(await paymentEventsOf(invoiceId, paymentId)).toHaveLength(2);
    });

    it('refunds part of a paid payment through the provider: PARTIALLY_REFUNDED, payment.refunded', async () => {
      const { invoiceId, paymentId } = await newPayment();
      fake.completePayment(paymentId);
      expect((await deliverNotification(fake.paymentNotification(paymentId, path.api.url))).statusCode).toBe(200);
      await paymentWhen(payer, paymentId, 'SUCCEEDED');
      spec.refund.prepare?.(fake);

      const refund = await payer.call('POST', `/payments/${paymentId}/refund`, {
        body: { amount: spec.refund.amount, reason: 'requested_by_customer' },
      });
      expect({ status: refund.status, failureReason: refund.body.failureReason }).toEqual({
        status: 201,
        failureReason: null,
      });
      const refundId = String(refund.body.id);
      if (spec.refund.settledBy === 'notification') {
        expect(refund.body).toMatchObject({ status: 'PENDING' });
        // The API built the result's URL from API_PUBLIC_URL (M-Pesa's ResultURL), a placeholder here: the result
        // goes to this API, path and query as given.
        const given = new URL(fake.refundNotification(refundId, path.api.url).url);
        const result = {
          ...fake.refundNotification(refundId, path.api.url),
          url: `${path.api.url}${given.pathname}${given.search}`,
        };
        expect((await deliverNotification(result)).statusCode).toBe(200);
        // The provider's retry of the same result changes nothing.
        expect((await deliverNotification(result)).statusCode).toBe(200);
      } else {
        expect(refund.body).toMatchObject({ status: 'SUCCEEDED' });
      }

      const refunded = await paymentWhen(payer, paymentId, 'PARTIALLY_REFUNDED');
      expect(refunded).toMatchObject({
        amountRefunded: spec.refund.amount,
        refunds: [{ id: refundId, status: 'SUCCEEDED', amount: spec.refund.amount }],
      });
      expect(await paymentEventsOf(invoiceId, paymentId)).toEqual([
        { type: 'payment.succeeded', id: paymentId },
        { type: 'invoice.paid', id: invoiceId },
        { type: 'payment.refunded', id: paymentId },
      ]);
    });

    it("changes nothing on a forged, unsigned or other tenant's notification, then takes the genuine one", async () => {
      const { invoiceId, paymentId } = await newPayment();
      fake.completePayment(paymentId);
      const genuine = fake.paymentNotification(paymentId, path.api.url);

      for (const refused of spec.refusedCopies(genuine, {
        credentials,
        otherCredentials,
        payer,
        paymentId,
        encryptionKey: path.api.config.encryptionKey,
      })) {
        const answer = await deliverNotification(refused);
        expect({ status: answer.statusCode, body: JSON.parse(answer.text) as unknown }).toMatchObject({
          status: 401,
          body: { error: 'invalid_signature' },
        });
      }
      expect((await payer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({ status: 'PENDING', events: [] });
      expect(await paymentEventsOf(invoiceId, paymentId)).toEqual([]);

      expect((await deliverNotification(genuine)).statusCode).toBe(200);
      expect((await paymentWhen(payer, paymentId, 'SUCCEEDED')).events).toHaveLength(1);
      await expectPaid(invoiceId, paymentId);
    });
    // Last: it moves the server's clock past the API's (which dates the checkouts) by five minutes, which would
    // make a later M-Pesa checkout (5 minutes) due for its final verification at once.
    it('finds a payment no notification announced through the verification API, at +5 minutes and not before', async () => {
      const { invoiceId, paymentId } = await newPayment();
      fake.completePayment(paymentId);

      await path.env.sleep(4 * MINUTE_MS + 50_000);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect((await payer.call('GET', `/payments/${paymentId}`)).body).toMatchObject({ status: 'PENDING' });
      await path.env.sleep(11_000);

      expect((await paymentWhen(payer, paymentId, 'SUCCEEDED')).events).toEqual([]);
      await expectPaid(invoiceId, paymentId);
    });
  });
}
