import { toCurrencyCode } from '../../domain/money';
import { tenantSql, type TenantSql } from '../../infra/db/tenant-sql';
import { newId } from '../../infra/ids';
import { failProviderPayment, insertPendingPayment } from '../../services/payments/records';
import { apiClient } from '../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../test/harness/api-harness';
import { runTenantMigration } from '../../test/harness/tenant-migration';
import { openInvoice } from '../../test/fixtures/provider-payment-fixture';
import { createTenantFixture, type TenantFixture } from '../../test/fixtures/tenant-fixture';
import { LeaveEndedCheckoutsOutOfPaymentAnalytics } from './20261214100000-leave-ended-checkouts-out-of-payment-analytics';

/** The cash rollup of a tenant whose payments were counted by the triggers before this migration, then after it. */
describe('LeaveEndedCheckoutsOutOfPaymentAnalytics', () => {
  let api: TestApi;
  let tenant: TenantFixture;
  let sql: TenantSql;
  beforeAll(async () => {
    api = await startTestApi();
    tenant = await createTenantFixture(api.orm, api.config);
    sql = tenantSql(api.orm, tenant.tenantId);
  });
  afterAll(() => api.close());

  const runMigration = (direction: 'up' | 'down') =>
    runTenantMigration(api.orm, sql, LeaveEndedCheckoutsOutOfPaymentAnalytics, direction);

  async function failedPayment(reason: string): Promise<string> {
    const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const now = new Date('2026-03-10T12:00:00.000Z');
    return sql.transactional(async (transaction) => {
      const payment = await insertPendingPayment(sql, transaction, {
        id: newId('payment'),
        invoiceId: String(invoice.id),
        customerId: String(invoice.customerId),
        amountMinor: 1000n,
        currency: toCurrencyCode('USD'),
        provider: 'STRIPE',
        providerId: 'ppr_migration',
        expiresAt: now,
        phoneNumber: null,
        successUrl: null,
        cancelUrl: null,
        callbackTokenHash: null,
        now,
      });
      await failProviderPayment(sql, transaction, { paymentId: payment.id, reason, now, notify: false });
      return payment.id;
    });
  }

  const rolledUp = async () => {
    const [row] = await sql.query<{ failed: number; succeeded: number; received: string }>(
      `select coalesce(sum(failed), 0)::int as failed, coalesce(sum(succeeded), 0)::int as succeeded,
              coalesce(sum(received), 0)::text as received
         from ${sql.table('analytics_cash_months')} where currency = 'USD'`,
    );
    return row;
  };

  test('recounts the months already rolled up without ended checkouts, and keeps them out afterwards', async () => {
    await runMigration('down');
    await failedPayment('card_declined');
    const expired = await failedPayment('expired');
    await failedPayment('canceled');
    expect(await rolledUp()).toEqual({ failed: 3, succeeded: 0, received: '0' });

    await runMigration('up');
    expect(await rolledUp()).toEqual({ failed: 1, succeeded: 0, received: '0' });
    await failedPayment('expired');
    expect(await rolledUp()).toEqual({ failed: 1, succeeded: 0, received: '0' });
    // A success confirmed after the expiry takes off nothing it never added.
    await sql.query(
      `update ${sql.table('payments')} set status = 'SUCCEEDED', succeeded_at = failed_at, failure_reason = null
        where id = ?`,
      [expired],
    );
    expect(await rolledUp()).toEqual({ failed: 1, succeeded: 1, received: '1000' });
  });
});
