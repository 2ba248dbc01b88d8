import { createGateway } from '../../../services/payments/gateways';
import { startStripeFake, type StripeFake } from '../../../test/fakes/stripe-fake';
import { configureProvider, STRIPE_TEST_CREDENTIALS } from '../../../test/fixtures/provider-payment-fixture';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { waitForValue } from '../../../test/harness/wait-for';

/**
 * A provider checkout of a customer on a test clock, through the real API, a dev-server worker running the payment
 * workflow, and the Stripe fake: it is created at the clock's time and expires when the clock reaches its expiry.
 */

const CLOCK_START = '2026-01-31T00:00:00.000Z';
const READY_TIMEOUT_MS = 60_000;
const HOUR_MS = 3_600_000;
const hoursAfterStart = (hours: number) => new Date(Date.parse(CLOCK_START) + hours * HOUR_MS).toISOString();

describe('a checkout started on a test clock, through the API', () => {
  const { call, createCustomer } = setUpResourceTest({
    api: { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } },
    worker: (started) => ({ payments: { config: started.config, createGateway } }),
  });
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake(STRIPE_TEST_CREDENTIALS);
  });
  afterAll(() => stripe.close());

  const advanceTo = async (clockId: string, frozenTime: string) => {
    expect((await call('POST', `/test-clocks/${clockId}/advance`, { body: { frozenTime } })).status).toBe(200);
    await waitForValue(
      'the clock READY',
      async () => ((await call('GET', `/test-clocks/${clockId}`)).body.status === 'READY' ? true : undefined),
      READY_TIMEOUT_MS,
    );
  };

  it('expires at the clock’s time, 24 hours after it was started on the clock', async () => {
    await configureProvider(call, { provider: 'STRIPE', credentials: STRIPE_TEST_CREDENTIALS, apiBaseUrl: stripe.url });
    const clockId = String((await call('POST', '/test-clocks', { body: { frozenTime: CLOCK_START } })).body.id);
    const customerId = await createCustomer({ testClockId: clockId });
    const invoice = await call('POST', '/invoices', {
      body: { customerId, items: [{ description: 'Setup', quantity: 1, unitAmount: 49.99 }] },
    });
    expect((await call('POST', `/invoices/${String(invoice.body.id)}/finalize`)).status).toBe(200);
    const checkout = await call('POST', `/invoices/${String(invoice.body.id)}/checkout`, { body: {} });
    expect(checkout.status).toBe(201);
    const expiresAt = hoursAfterStart(24);
    expect(checkout.body).toMatchObject({ status: 'PENDING', expiresAt, createdAt: CLOCK_START });
    const payment = async () => (await call('GET', `/payments/${String(checkout.body.id)}`)).body;

    await advanceTo(clockId, hoursAfterStart(2));
    expect(await payment()).toMatchObject({ status: 'PENDING' });
    await advanceTo(clockId, hoursAfterStart(48));
    expect(await payment()).toMatchObject({ status: 'FAILED', failureReason: 'expired', failedAt: expiresAt });
  }, 120_000);
});
