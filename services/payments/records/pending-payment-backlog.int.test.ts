import { toCurrencyCode } from '../../../domain/money';
import type { ProviderKind } from '../../../domain/payments';
import { sqlOf } from '../../../infra/db/sql';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { apiClient, type Json } from '../../../test/harness/api-client';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { ownDatabase } from '../../../test/harness/own-database';
import { openInvoice } from '../../../test/fixtures/provider-payment-fixture';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { OVERDUE_GRACE_SECONDS, readPendingPaymentBacklog } from './pending-payment-backlog';
import { insertPendingPayment } from './provider-payments';

// The backlog spans every tenant of the database: this file's figures must not include other files' payments.
const database = ownDatabase();

const HOUR_MS = 3_600_000;

describe('readPendingPaymentBacklog', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ env: database.env() });
  });
  afterAll(() => api.close());

  async function tenantWithApi(): Promise<{ tenant: TenantFixture; call: ReturnType<typeof apiClient> }> {
    const tenant = await createTenantFixture(api.orm, api.config);
    return { tenant, call: apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey })) };
  }

  async function pendingPayment(
    tenant: TenantFixture,
    invoice: Json,
    payment: { provider: ProviderKind; createdAt: Date; expiresAt: Date },
  ): Promise<string> {
    const sql = tenantSql(api.orm, tenant.tenantId);
    const id = newId('payment');
    await sql.transactional((transaction) =>
      insertPendingPayment(sql, transaction, {
        id,
        invoiceId: String(invoice.id),
        customerId: String(invoice.customerId),
        amountMinor: 1000n,
        currency: toCurrencyCode('USD'),
        provider: payment.provider,
        providerId: 'pp_test',
        expiresAt: payment.expiresAt,
        phoneNumber: null,
        successUrl: null,
        cancelUrl: null,
        callbackTokenHash: null,
        now: payment.createdAt,
      }),
    );
    return id;
  }

  test('counts PENDING payments over every tenant by provider, their oldest age and those past their checkout', async () => {
    const before = await readPendingPaymentBacklog(sqlOf(api.orm));
    expect(before.map((entry) => entry.provider)).toEqual(['flutterwave', 'mpesa', 'paystack', 'sandbox', 'stripe']);
    expect(before.every((entry) => entry.pending === 0 && entry.oldestAgeSeconds === 0 && entry.overdue === 0)).toBe(
      true,
    );

    const now = Date.now();
    const first = await tenantWithApi();
    const second = await tenantWithApi();
    // Three hours old, its checkout expired two hours ago: the workflow owes its ending.
    await pendingPayment(first.tenant, await openInvoice(first.call, { currency: 'USD', amount: 10 }), {
      provider: 'STRIPE',
      createdAt: new Date(now - 3 * HOUR_MS),
      expiresAt: new Date(now - 2 * HOUR_MS),
    });
    // Expired, but within the grace the workflow has to end it.
    await pendingPayment(second.tenant, await openInvoice(second.call, { currency: 'USD', amount: 10 }), {
      provider: 'STRIPE',
      createdAt: new Date(now - HOUR_MS),
      expiresAt: new Date(now - (OVERDUE_GRACE_SECONDS / 2) * 1000),
    });
    await pendingPayment(second.tenant, await openInvoice(second.call, { currency: 'USD', amount: 10 }), {
      provider: 'MPESA',
      createdAt: new Date(now - 60_000),
      expiresAt: new Date(now + HOUR_MS),
    });
    // Ended payments are no backlog.
    const settledInvoice = await openInvoice(first.call, { currency: 'USD', amount: 10 });
    const settled = await pendingPayment(first.tenant, settledInvoice, {
      provider: 'PAYSTACK',
      createdAt: new Date(now - 4 * HOUR_MS),
      expiresAt: new Date(now - 3 * HOUR_MS),
    });
    await tenantSql(api.orm, first.tenant.tenantId).query(
      `update ${tenantSql(api.orm, first.tenant.tenantId).table('payments')} set status = 'FAILED' where id = ?`,
      [settled],
    );

    const backlog = await readPendingPaymentBacklog(sqlOf(api.orm));
    const stripe = backlog.find((entry) => entry.provider === 'stripe');
    expect(stripe).toMatchObject({ pending: 2, overdue: 1 });
    expect(stripe?.oldestAgeSeconds).toBeGreaterThanOrEqual(3 * 3600 - 5);
    expect(stripe?.oldestAgeSeconds).toBeLessThan(3 * 3600 + 60);
    const mpesa = backlog.find((entry) => entry.provider === 'mpesa');
    expect(mpesa).toMatchObject({ pending: 1, overdue: 0 });
    expect(mpesa?.oldestAgeSeconds).toBeGreaterThanOrEqual(55);
    expect(mpesa?.oldestAgeSeconds).toBeLessThan(600);
    expect(backlog.find((entry) => entry.provider === 'paystack')).toEqual({
      provider: 'paystack',
      pending: 0,
      oldestAgeSeconds: 0,
      overdue: 0,
    });
  });

  test("leaves out a test-clock customer's payments: they wait for the clock, not the provider", async () => {
    const before = await readPendingPaymentBacklog(sqlOf(api.orm));
    const { tenant, call } = await tenantWithApi();
    const invoice = await openInvoice(call, { currency: 'USD', amount: 10 });
    const sql = tenantSql(api.orm, tenant.tenantId);
    const clockId = newId('testClock');
    await sql.query(`insert into ${sql.table('test_clocks')} (id, frozen_time, customer_count) values (?, ?, 1)`, [
      clockId,
      new Date('2026-01-31T00:00:00Z'),
    ]);
    await sql.query(`update ${sql.table('customers')} set test_clock_id = ? where id = ?`, [
      clockId,
      String(invoice.customerId),
    ]);
    await pendingPayment(tenant, invoice, {
      provider: 'FLUTTERWAVE',
      createdAt: new Date('2026-01-31T00:00:00Z'),
      expiresAt: new Date('2026-02-01T00:00:00Z'),
    });

    // Ages grow between the two reads; the counts must not move, and nothing is pending through Flutterwave.
    const counts = (backlog: typeof before) =>
      backlog.map(({ provider, pending, overdue }) => ({ provider, pending, overdue }));
    const after = await readPendingPaymentBacklog(sqlOf(api.orm));
    expect(counts(after)).toEqual(counts(before));
    expect(after.find((entry) => entry.provider === 'flutterwave')?.oldestAgeSeconds).toBe(0);
  });
});
