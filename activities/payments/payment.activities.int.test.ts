import { toCurrencyCode } from '../../domain/money';
import { createLogger } from '../../infra/logger';
import { tenantSql } from '../../infra/db/tenant-sql';
import { newId } from '../../infra/ids';
import { createGateway } from '../../services/payments/gateways';
import { insertPendingPayment } from '../../services/payments/records';
import type { PastDueSignaller } from '../../services/payments/collections';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { uniqueTaskQueue } from '../../test/harness/temporal-env';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { subscriptionTestClient } from '../../test/fixtures/subscription-test-client';
import { createActivities } from '../index';

/**
 * Paying a subscription's overdue invoice reconciles its past-due state: the settlement announces it through billing's
 * standing port, and every activity runs under payments' listener.
 */
describe('applyProviderPayment', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  beforeAll(async () => {
    // No worker polls this queue: the subscription's workflow is started but never runs, its row stays as created.
    api = await startTestApi({ env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('payment-activities') } });
    tenant = await createTenantFixture(api.orm, api.config);
  });
  afterAll(() => api.close());

  test('tells the subscription whose invoice it paid that nothing is past due any more', async () => {
    const { call, createCustomer, createPlan, subscribe } = subscriptionTestClient(api, () => tenant);
    const customerId = await createCustomer();
    const subscription = await subscribe({ customerId, planId: await createPlan({ trialDays: 0 }) });
    expect([subscription.status, subscription.body.status]).toEqual([201, 'ACTIVE']);
    const subscriptionId = String(subscription.body.id);
    const draft = await call('POST', '/invoices', {
      body: {
        customerId,
        subscriptionId,
        dueDate: '2020-01-15',
        items: [{ description: 'Overdue', quantity: 1, unitAmount: 30 }],
      },
    });
    const invoiceId = String(draft.body.id);
    expect((await call('POST', `/invoices/${invoiceId}/finalize`)).status).toBe(200);

    const sql = tenantSql(api.orm, tenant.tenantId);
    const paymentId = newId('payment');
    const now = new Date();
    await sql.transactional((transaction) =>
      insertPendingPayment(sql, transaction, {
        id: paymentId,
        invoiceId,
        customerId,
        amountMinor: 3000n,
        currency: toCurrencyCode('USD'),
        provider: 'STRIPE',
        providerId: 'pp_test',
        expiresAt: new Date(now.getTime() + 3_600_000),
        phoneNumber: null,
        successUrl: null,
        cancelUrl: null,
        callbackTokenHash: null,
        now,
      }),
    );
    const signals: Parameters<PastDueSignaller>[0][] = [];
    const activities = createActivities({
      orm: api.orm,
      logger: createLogger({ level: 'silent', name: 'payment-activities-test' }),
      payments: { config: api.config, createGateway },
      signalPastDue: (input) => {
        signals.push(input);
        return Promise.resolve();
      },
    });
    const settle = () =>
      activities.applyProviderPayment({
        tenantId: tenant.tenantId,
        paymentId,
        amountMinor: '3000',
        currency: 'USD',
        providerReference: 'pi_123',
        at: now.toISOString(),
      });
    expect(await settle()).toMatchObject({ outcome: 'applied', invoicePaid: true, subscriptionId });
    const told = { tenantId: tenant.tenantId, subscriptionId, pastDue: false };
    expect(signals).toEqual([told]);
    // A retried activity finds it settled and reconciles again: nothing applied twice, and nothing told twice once
    // the signal went out.
    expect(await settle()).toEqual({ outcome: 'already_settled' });
    expect(signals).toEqual([told]);
    // Had the worker died after the commit, before the signal, the standing would not be recorded as told: the
    // retry tells it, the signal is not lost.
    await sql.query(`update ${sql.table('subscriptions')} set past_due_signalled = null where id = ?`, [
      subscriptionId,
    ]);
    expect(await settle()).toEqual({ outcome: 'already_settled' });
    expect(signals).toEqual([told, told]);
    expect((await call('GET', `/invoices/${invoiceId}`)).body).toMatchObject({ status: 'PAID', amountPaid: 30 });
  });
});
