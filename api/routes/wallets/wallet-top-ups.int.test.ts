import { createGateway } from '../../../services/payments/gateways';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import { configureProvider, STRIPE_TEST_CREDENTIALS } from '../../../test/fixtures/provider-payment-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { Json } from '../../../test/harness/api-client';
import { waitFor } from '../../../test/scenarios/subscription-scenario';

/**
 * Automatic top-ups through the API with a worker of the real workflows and activities (and the Stripe fake as the
 * tenant's payment provider): a THRESHOLD rule fires when a change takes the wallet to its threshold, FIXED adds its
 * credits and TARGET buys up to its target, and a paid top-up's purchase invoice gets its checkout at once.
 */
describe('automatic wallet top-ups', () => {
  const { call, createCustomer, sql } = setUpResourceTest({
    api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => stripe.close());

  const createWallet = async (body: Json): Promise<string> => {
    const created = await call('POST', '/wallets', { body });
    expect(created.status).toBe(201);
    return String(created.body.id);
  };
  const voidCredits = async (walletId: string, voidedCredits: number) => {
    const reply = await call('POST', '/wallets/transactions', { body: { walletId, voidedCredits } });
    expect(reply.status).toBe(201);
  };
  /** The wallet's automatic top-ups (newest first, as listed), once there are `count`. */
  const automaticTransactions = async (walletId: string, count: number) =>
    waitFor(
      async () => {
        const listed = (await call('GET', `/wallets/${walletId}/transactions`)).body.data as Json[];
        return listed.filter((transaction) => transaction.trigger !== 'MANUAL');
      },
      (made) => made.length >= count,
    );

  it('sells a THRESHOLD top-up on its purchase invoice and starts its checkout with the default provider', async () => {
    await configureProvider(call, {
      provider: 'STRIPE',
      credentials: STRIPE_TEST_CREDENTIALS,
      apiBaseUrl: stripe.url,
      isDefault: true,
    });
    const customerId = await createCustomer({ currency: 'USD' });
    const walletId = await createWallet({
      customerId,
      grantedCredits: 10,
      recurringTopUps: [{ trigger: 'THRESHOLD', thresholdCredits: 4, method: 'FIXED', paidCredits: 20 }],
    });
    await voidCredits(walletId, 7);

    const [purchase] = await automaticTransactions(walletId, 1);
    expect(purchase).toMatchObject({
      source: 'PURCHASE',
      trigger: 'THRESHOLD',
      status: 'SETTLED',
      creditAmount: 20,
      amount: 20,
      metadata: { topUp: 'THRESHOLD:1' },
    });
    const invoiceId = String(purchase?.invoiceId);
    const invoice = await call('GET', `/invoices/${invoiceId}`);
    expect(invoice.body).toMatchObject({ status: 'OPEN', amountDue: 20, customerId });
    const payments = await waitFor(
      () =>
        sql<{ status: string; checkout_url: string | null }>(
          'select status, checkout_url from $schema.payments where invoice_id = ?',
          [invoiceId],
        ),
      (rows) => rows.some((row) => row.checkout_url !== null),
    );
    expect(payments).toEqual([{ status: 'PENDING', checkout_url: expect.any(String) as unknown }]);
    expect(stripe.sessions().filter((session) => session.amount_total === 2000)).toHaveLength(1);
    expect((await call('GET', `/wallets/${walletId}`)).body).toMatchObject({ creditsBalance: 23 });
  });

  it('buys up to a TARGET of ongoing credits; without a provider fitting the currency no checkout is made', async () => {
    const customerId = await createCustomer({ currency: 'EUR' });
    const walletId = await createWallet({
      customerId,
      grantedCredits: 10,
      recurringTopUps: [{ trigger: 'THRESHOLD', thresholdCredits: 4, method: 'TARGET', targetCredits: 15 }],
    });
    await voidCredits(walletId, 7.5);

    const [purchase] = await automaticTransactions(walletId, 1);
    expect(purchase).toMatchObject({ source: 'PURCHASE', trigger: 'THRESHOLD', creditAmount: 12.5, currency: 'EUR' });
    expect((await call('GET', `/wallets/${walletId}`)).body).toMatchObject({ creditsBalance: 15 });
    const owed = await waitFor(
      () =>
        sql<{ checkout_requested_at: unknown }>(
          'select checkout_requested_at from $schema.wallet_top_ups where wallet_id = ?',
          [walletId],
        ),
      (rows) => rows.length > 0 && rows.every((row) => row.checkout_requested_at !== null),
    );
    expect(owed).toEqual([{ checkout_requested_at: expect.anything() as unknown }]);
    const payments = await sql('select 1 from $schema.payments where invoice_id = ?', [String(purchase?.invoiceId)]);
    expect(payments).toEqual([]);
  });
});
