import type { ChildProcess } from 'node:child_process';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { ProviderKind } from '../../domain/payments';
import { tenantSql } from '../../infra/db/tenant-sql';
import { apiClient, type ApiCall, type Json } from '../harness/api-client';
import { startTestApi, type TestApi } from '../harness/api-harness';
import { createTenantFixture, type TenantFixture } from '../fixtures/tenant-fixture';
import { createTimeSkippingTestServer, TIME_SKIPPING_NAMESPACE, uniqueTaskQueue } from '../harness/temporal-env';
import { waitForValue } from '../harness/wait-for';
import { spawnWorkerProcess } from '../harness/worker-process';

/**
 * A provider's whole payment path (issue 17, "Done when"): the real API and a real worker process on a time-skipping
 * Temporal server of the test file's own, the provider played by its fake (through the configuration's
 * `apiBaseUrl`). The worker's callback URLs (M-Pesa) point at this API. Server time advances only when a test skips
 * it (`env.sleep`), so the verification ladder (+5 min, +30 min, hourly) is reached without waiting.
 */
export interface PaymentPath {
  env: TestWorkflowEnvironment;
  api: TestApi;
  close: () => Promise<void>;
}

/** `databaseEnv`: the file's own database (`ownDatabase`), since a worker process relays every tenant's outbox. */
export async function startPaymentPath(name: string, databaseEnv: Record<string, string>): Promise<PaymentPath> {
  const { env, address } = await createTimeSkippingTestServer();
  const temporalEnv = {
    ...databaseEnv,
    TEMPORAL_ADDRESS: address,
    TEMPORAL_NAMESPACE: TIME_SKIPPING_NAMESPACE,
    TEMPORAL_TASK_QUEUE: uniqueTaskQueue(name),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  let api: TestApi | undefined;
  let worker: ChildProcess | undefined;
  try {
    api = await startTestApi({ env: temporalEnv });
    // The worker keeps its workflow cache (a test clock's workflows need it for their local activities): no test of
    // the path kills it while the test server waits, which would leave a task on its sticky queue for good.
    const spawned = spawnWorkerProcess({ ...temporalEnv, API_PUBLIC_URL: api.url });
    worker = spawned.child;
    await spawned.running;
  } catch (error) {
    worker?.kill('SIGKILL');
    await api?.close();
    await env.teardown();
    throw error;
  }
  const started = { api, worker };
  return {
    env,
    api,
    close: async () => {
      started.worker.kill('SIGTERM');
      await started.api.close();
      await env.teardown();
    },
  };
}

/** A tenant of the path's API with the provider configured against its fake, and its API client. */
export interface PayingTenant {
  tenant: TenantFixture;
  call: ApiCall;
  providerId: string;
}

export async function payingTenant(
  api: TestApi,
  provider: { provider: ProviderKind; credentials?: object; apiBaseUrl?: string },
): Promise<PayingTenant> {
  const tenant = await createTenantFixture(api.orm, api.config);
  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const configured = await call('POST', '/payment-providers', { body: { ...provider, isDefault: true } });
  if (configured.status !== 201) throw new Error(`provider not configured: ${configured.text}`);
  return { tenant, call, providerId: String(configured.body.id) };
}

/**
 * The path with a tenant paying through the SANDBOX provider (no credentials), the sandbox that this API serves. The
 * API learns its own address only once listening; the worker process was given it as API_PUBLIC_URL.
 */
export async function startSandboxPath(
  name: string,
  databaseEnv: Record<string, string>,
): Promise<{ path: PaymentPath; payer: PayingTenant }> {
  const path = await startPaymentPath(name, databaseEnv);
  path.api.config.apiPublicUrl = path.api.url;
  try {
    return { path, payer: await payingTenant(path.api, { provider: 'SANDBOX' }) };
  } catch (error) {
    await path.close();
    throw error;
  }
}

/** An OPEN invoice of a new customer for `amount` (major units) in `currency`; its id. */
export async function openInvoice(payer: PayingTenant, currency: string, amount: number): Promise<string> {
  const customer = await payer.call('POST', '/customers', {
    body: { externalId: `payer-${currency}-${String(Date.now())}`, email: 'payer@example.com', currency },
  });
  const invoice = await payer.call('POST', '/invoices', {
    body: { customerId: customer.body.id, items: [{ description: 'Consulting', quantity: 1, unitAmount: amount }] },
  });
  const id = String(invoice.body.id);
  const finalized = await payer.call('POST', `/invoices/${id}/finalize`);
  if (finalized.status !== 200) throw new Error(`invoice not finalized: ${finalized.text}`);
  return id;
}

/** `POST /invoices/:id/checkout`: the new PENDING payment (201). */
export async function checkout(payer: PayingTenant, invoiceId: string, body: Json = {}): Promise<Json> {
  const answer = await payer.call('POST', `/invoices/${invoiceId}/checkout`, { body });
  if (answer.status !== 201) throw new Error(`checkout answered ${String(answer.status)}: ${answer.text}`);
  return answer.body;
}

/** The payment once its status is `status` (the workflow writes it a moment after the signal). */
export async function paymentWhen(payer: PayingTenant, paymentId: string, status: string): Promise<Json> {
  return waitForValue(
    `payment ${paymentId} ${status}`,
    async () => {
      const payment = await payer.call('GET', `/payments/${paymentId}`);
      return payment.body.status === status ? payment.body : undefined;
    },
    20_000,
  );
}

/** The tenant's outbound events (the outbox) in the order they were recorded: `type` and the record's id. */
export async function outboundEvents(api: TestApi, payer: PayingTenant): Promise<{ type: string; id: string }[]> {
  const sql = tenantSql(api.orm, payer.tenant.tenantId);
  const rows = await sql.query<{ event_type: string; data: { id?: string } }>(
    `select event_type, data from ${sql.table('webhook_events')} order by id`,
  );
  return rows.map((row) => ({ type: row.event_type, id: String(row.data.id) }));
}
