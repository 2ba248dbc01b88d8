import { randomBytes } from 'node:crypto';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { deliverNotification } from '../../../test/fakes/fake-provider';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import { ownDatabase } from '../../../test/harness/own-database';
import {
  checkout,
  openInvoice,
  payingTenant,
  paymentWhen,
  startPaymentPath,
  type PayingTenant,
  type PaymentPath,
} from '../../../test/scenarios/payment-path';

/**
 * Where a provider's money goes, through the public API with a worker and the Stripe fake: money taken on an invoice
 * that no longer needs it, or taken at another amount than asked, is recorded as taken, and a refund gives back each
 * cent once: never the cash and the credit both.
 */
const database = ownDatabase();

describe('provider money is conserved through payments, refunds and credit (public API)', () => {
  let path: PaymentPath;
  let stripe: StripeFake;
  let payer: PayingTenant;

  beforeAll(async () => {
    path = await startPaymentPath('payment-money', database.env());
    const credentials = {
      secretKey: `sk_test_${randomBytes(12).toString('hex')}`,
      webhookSecret: `whsec_${randomBytes(16).toString('hex')}`,
    };
    stripe = await startStripeFake(credentials);
    payer = await payingTenant(path.api, { provider: 'STRIPE', credentials, apiBaseUrl: stripe.url });
  });
  afterAll(async () => {
    await stripe.close();
    await path.close();
  });

  /** The payer completes the checkout at Stripe, Stripe notifies us, and the workflow settles what Stripe confirms. */
  async function payAtStripe(paymentId: string, takenMinor?: number): Promise<void> {
    if (takenMinor !== undefined) {
      const session = stripe.sessions().find((candidate) => candidate.client_reference_id === paymentId);
      if (session === undefined) throw new Error(`no Stripe session for ${paymentId}`);
      session.amount_total = takenMinor;
    }
    stripe.completePayment(paymentId);
    await stripeNotifies(paymentId);
  }

  async function stripeNotifies(paymentId: string): Promise<void> {
    expect((await deliverNotification(stripe.paymentNotification(paymentId, path.api.url))).statusCode).toBe(200);
  }

  /**
   * The payer pays at Stripe just as the invoice is marked paid by hand (Stripe's session is then no longer open, and
   * cannot be expired), and Stripe's notification comes after.
   */
  async function paidAtStripeWhileMarkedPaid(invoiceId: string, paymentId: string): Promise<void> {
    stripe.completePayment(paymentId);
    expect((await payer.call('POST', `/invoices/${invoiceId}/mark-paid`)).status).toBe(200);
    await stripeNotifies(paymentId);
  }

  const customerOf = async (invoiceId: string) =>
    String((await payer.call('GET', `/invoices/${invoiceId}`)).body.customerId);

  /** A further invoice of the same customer, finalized: it takes whatever customer credit is there. */
  async function nextInvoice(customerId: string, amount: number) {
    const created = await payer.call('POST', '/invoices', {
      body: { customerId, items: [{ description: 'Next month', quantity: 1, unitAmount: amount }] },
    });
    return (await payer.call('POST', `/invoices/${String(created.body.id)}/finalize`)).body;
  }

  const creditBalance = async (customerId: string, currency: string) => {
    const sql = tenantSql(path.api.orm, payer.tenant.tenantId);
    const [row] = await sql.query<{ balance: string }>(
      `select coalesce(sum(amount_minor), 0)::text as balance from ${sql.table('customer_credit_entries')}
        where customer_id = ? and currency = ?`,
      [customerId, currency],
    );
    return Number(row?.balance);
  };

  it('takes back the credit a refunded payment became: the next invoice is not paid by it', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 100);
    const customerId = await customerOf(invoiceId);
    const payment = await checkout(payer, invoiceId);
    const paymentId = String(payment.id);
    await paidAtStripeWhileMarkedPaid(invoiceId, paymentId);
    await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(await creditBalance(customerId, 'USD')).toBe(10_000);

    const refund = await payer.call('POST', `/payments/${paymentId}/refund`, { body: {} });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ status: 'SUCCEEDED', amount: 100, amountFromCredit: 100 });
    expect(await creditBalance(customerId, 'USD')).toBe(0);

    const next = await nextInvoice(customerId, 100);
    expect(next).toMatchObject({ status: 'OPEN', amountCredited: 0, amountDue: 100 });
  });

  it('refunds only the credit no invoice used, naming the refundable maximum', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 100);
    const customerId = await customerOf(invoiceId);
    const paymentId = String((await checkout(payer, invoiceId)).id);
    await paidAtStripeWhileMarkedPaid(invoiceId, paymentId);
    await paymentWhen(payer, paymentId, 'SUCCEEDED');
    // 60.00 of the payment's 100.00 credit pays the next invoice.
    expect(await nextInvoice(customerId, 60)).toMatchObject({ status: 'PAID', amountCredited: 60 });

    const over = await payer.call('POST', `/payments/${paymentId}/refund`, { body: { amount: 40.01 } });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      error: 'refund_exceeds_payment',
      details: [{ path: 'body.amount', message: 'must be at most 40.00' }],
    });
    expect(String(over.body.message)).toContain('40.00 USD can still be refunded');
    expect((await payer.call('POST', `/payments/${paymentId}/refund`, { body: {} })).body).toMatchObject({
      status: 'SUCCEEDED',
      amount: 40,
    });
    expect(await paymentWhen(payer, paymentId, 'PARTIALLY_REFUNDED')).toMatchObject({ amountRefunded: 40 });
    expect(await creditBalance(customerId, 'USD')).toBe(0);
  });

  it('records money taken at another amount as taken: the rest stays due, the money is refundable', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 100);
    const paymentId = String((await checkout(payer, invoiceId)).id);
    await payAtStripe(paymentId, 9_900);

    const succeeded = await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(succeeded).toMatchObject({ amount: 99, requestedAmount: 100, currency: 'USD', failureReason: null });
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({
      status: 'OPEN',
      amountPaid: 99,
      amountDue: 1,
    });
    // The rest is collected by a new checkout for what is still due, not the whole amount again.
    const second = await payer.call('POST', `/invoices/${invoiceId}/checkout`, { body: {} });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ amount: 1, status: 'PENDING' });

    const refund = await payer.call('POST', `/payments/${paymentId}/refund`, { body: {} });
    expect(refund.body).toMatchObject({ status: 'SUCCEEDED', amount: 99, amountFromCredit: 0 });
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ amountPaid: 99, amountDue: 1 });
  });

  it('makes an excess the payment’s credit, refunded first before the money that paid the invoice', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 100);
    const customerId = await customerOf(invoiceId);
    const paymentId = String((await checkout(payer, invoiceId)).id);
    await payAtStripe(paymentId, 12_500);
    expect(await paymentWhen(payer, paymentId, 'SUCCEEDED')).toMatchObject({ amount: 125, requestedAmount: 100 });
    expect((await payer.call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'PAID', amountPaid: 100 });
    expect(await creditBalance(customerId, 'USD')).toBe(2_500);

    const partial = await payer.call('POST', `/payments/${paymentId}/refund`, { body: { amount: 30 } });
    expect(partial.body).toMatchObject({ status: 'SUCCEEDED', amount: 30, amountFromCredit: 25 });
    expect(await creditBalance(customerId, 'USD')).toBe(0);
    const rest = await payer.call('POST', `/payments/${paymentId}/refund`, { body: {} });
    expect(rest.body).toMatchObject({ status: 'SUCCEEDED', amount: 95, amountFromCredit: 0 });
    expect(await paymentWhen(payer, paymentId, 'REFUNDED')).toMatchObject({ amountRefunded: 125 });
  });

  it('undoes a refund Stripe fails after it succeeded: amountRefunded, status and payment.refund_failed', async () => {
    const invoiceId = await openInvoice(payer, 'USD', 100);
    const paymentId = String((await checkout(payer, invoiceId)).id);
    await payAtStripe(paymentId);
    await paymentWhen(payer, paymentId, 'SUCCEEDED');
    const refund = await payer.call('POST', `/payments/${paymentId}/refund`, { body: { amount: 40 } });
    expect(refund.body).toMatchObject({ status: 'SUCCEEDED' });
    await paymentWhen(payer, paymentId, 'PARTIALLY_REFUNDED');

    const failed = stripe.refundNotification(String(refund.body.id), path.api.url, 'failed');
    expect((await deliverNotification(failed)).statusCode).toBe(200);
    const reverted = await paymentWhen(payer, paymentId, 'SUCCEEDED');
    expect(reverted).toMatchObject({
      amountRefunded: 0,
      refunds: [expect.objectContaining({ id: refund.body.id, status: 'FAILED' }) as unknown],
    });
    const sql = tenantSql(path.api.orm, payer.tenant.tenantId);
    const events = await sql.query<{ event_type: string }>(
      `select event_type from ${sql.table('webhook_events')} where data->>'id' = ? order by id`,
      [paymentId],
    );
    expect(events.map((event) => event.event_type)).toEqual([
      'payment.succeeded',
      'payment.refunded',
      'payment.refund_failed',
    ]);
    // What the failed refund had reserved is refundable again.
    expect((await payer.call('POST', `/payments/${paymentId}/refund`, { body: {} })).body).toMatchObject({
      amount: 100,
    });
  });
});
