import { toCurrencyCode } from '../../../domain/money';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { findPayment, insertPendingPayment } from '../records';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { creditBalance, openInvoice, recordedEvents } from '../../../test/fixtures/provider-payment-fixture';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { requireId } from '../../../domain/ids';
import { markInvoiceUncollectible } from '../../billing/invoices';
import { settleProviderPayment } from './provider-settlement';

const USD = toCurrencyCode('USD');
const NOW = new Date('2026-11-26T12:00:00Z');

/** settleProviderPayment against PostgreSQL: what a confirmed provider payment does to its invoice, once. */
describe('settleProviderPayment', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());
  beforeEach(async () => {
    tenant = await createTenantFixture(api.orm, api.config);
  });

  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const sql = () => tenantSql(api.orm, tenant.tenantId);

  async function pendingPayment(invoice: Json, amountMinor: bigint): Promise<string> {
    const id = newId('payment');
    await sql().transactional((transaction) =>
      insertPendingPayment(sql(), transaction, {
        id,
        invoiceId: String(invoice.id),
        customerId: String(invoice.customerId),
        amountMinor,
        currency: USD,
        provider: 'STRIPE',
        providerId: 'pp_test',
        expiresAt: new Date(NOW.getTime() + 3_600_000),
        phoneNumber: null,
        successUrl: null,
        cancelUrl: null,
        callbackTokenHash: null,
        now: NOW,
      }),
    );
    return id;
  }

  const settle = (paymentId: string, amountMinor: bigint) =>
    settleProviderPayment(sql(), { paymentId, amountMinor, currency: USD, providerReference: 'pi_123', now: NOW });

  test('pays what is due and turns the excess into customer credit in the invoice currency', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const paymentId = await pendingPayment(invoice, 1500n);
    const outcome = await settle(paymentId, 1500n);
    expect(outcome).toMatchObject({ outcome: 'applied', appliedMinor: 1000n, creditedMinor: 500n, invoicePaid: true });
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'PAID',
      amountPaid: 10,
      amountDue: 0,
    });
    expect(await creditBalance(api.orm, tenant.tenantId, String(invoice.customerId), 'USD')).toBe(500n);
    const payment = await findPayment(sql(), paymentId);
    expect(payment).toMatchObject({ status: 'SUCCEEDED', providerReference: 'pi_123', succeededAt: NOW });
    expect((await recordedEvents(api.orm, tenant.tenantId)).slice(-2)).toEqual([
      `payment.succeeded:${paymentId}`,
      `invoice.paid:${String(invoice.id)}`,
    ]);
  });

  test('leaves a partly paid invoice OPEN with the rest due, and sends no invoice.paid', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const paymentId = await pendingPayment(invoice, 400n);
    expect(await settle(paymentId, 400n)).toMatchObject({ outcome: 'applied', invoicePaid: false, creditedMinor: 0n });
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'OPEN',
      amountPaid: 4,
      amountDue: 6,
    });
    expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`invoice.paid:${String(invoice.id)}`);
  });

  test('pays an UNCOLLECTIBLE invoice in full: PAID with invoice.paid', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    expect((await markInvoiceUncollectible(sql(), requireId('invoice', String(invoice.id)), NOW)).ok).toBe(true);
    const paymentId = await pendingPayment(invoice, 1000n);
    expect(await settle(paymentId, 1000n)).toMatchObject({ outcome: 'applied', invoicePaid: true, creditedMinor: 0n });
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({ status: 'PAID', amountDue: 0 });
    expect(await recordedEvents(api.orm, tenant.tenantId)).toContain(`invoice.paid:${String(invoice.id)}`);
  });

  test('applies a success once, even when two reports of it race', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const paymentId = await pendingPayment(invoice, 1000n);
    const outcomes = await Promise.all([settle(paymentId, 1000n), settle(paymentId, 1000n), settle(paymentId, 1000n)]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual([
      'already_settled',
      'already_settled',
      'applied',
    ]);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({ amountPaid: 10 });
    const events = await recordedEvents(api.orm, tenant.tenantId);
    expect(events.filter((event) => event === `payment.succeeded:${paymentId}`)).toHaveLength(1);
  });

  test('records a short confirmation as taken: SUCCEEDED for what came in, the rest still due', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const paymentId = await pendingPayment(invoice, 1000n);
    const outcome = await settle(paymentId, 999n);
    expect(outcome).toMatchObject({ outcome: 'applied', appliedMinor: 999n, creditedMinor: 0n, invoicePaid: false });
    expect(await findPayment(sql(), paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      amountMinor: 999n,
      requestedAmountMinor: 1000n,
      amountAppliedMinor: 999n,
    });
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'OPEN',
      amountPaid: 9.99,
      amountDue: 0.01,
    });
    expect(await recordedEvents(api.orm, tenant.tenantId)).not.toContain(`payment.failed:${paymentId}`);
  });

  test('makes money taken in another currency the payment’s credit in that currency, the invoice still due', async () => {
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const paymentId = await pendingPayment(invoice, 1000n);
    const outcome = await settleProviderPayment(sql(), {
      paymentId,
      amountMinor: 900n,
      currency: toCurrencyCode('EUR'),
      providerReference: 'pi_eur',
      now: NOW,
    });
    expect(outcome).toMatchObject({ outcome: 'applied', appliedMinor: 0n, creditedMinor: 900n, invoicePaid: false });
    expect(await findPayment(sql(), paymentId)).toMatchObject({
      status: 'SUCCEEDED',
      amountMinor: 900n,
      currency: 'EUR',
    });
    expect(await creditBalance(api.orm, tenant.tenantId, String(invoice.customerId), 'EUR')).toBe(900n);
    expect((await call('GET', `/invoices/${String(invoice.id)}`)).body).toMatchObject({
      status: 'OPEN',
      amountDue: 10,
    });
  });
});
