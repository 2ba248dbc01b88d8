import { randomBytes } from 'node:crypto';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { apiClient, type ApiCall, type Json } from './api-client';
import type { TestApi } from './api-harness';
import type { TenantFixture } from './tenant-fixture';

/** The metrics of the usage event tests, by what they exercise. */
export const EVENT_METRICS = {
  calls: { name: 'API calls', code: 'api_calls', aggregationType: 'COUNT' },
  storage: {
    name: 'Storage',
    code: 'storage_gb',
    aggregationType: 'SUM',
    fieldName: 'gb',
    filters: [{ key: 'region', values: ['eu', 'us'] }],
  },
  seats: { name: 'Seats', code: 'seats', aggregationType: 'UNIQUE_COUNT', fieldName: 'user_id', recurring: true },
  cpu: { name: 'CPU', code: 'cpu_peak', aggregationType: 'MAX', fieldName: 'cpu' },
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface UsageEventFixture {
  call: ApiCall;
  planId: string;
  metricIds: Record<keyof typeof EVENT_METRICS, string>;
  /** A new customer and its subscription to the plan, started `startedDaysAgo` days ago (default 10). */
  subscribe: (options?: { startedDaysAgo?: number }) => Promise<{ id: string; customerId: string; startDate: Date }>;
  /** The tenant's schema name, unquoted. */
  schema: string;
  /** SQL in the tenant's schema (`{schema}` stands for it), for rows the tests set up directly. */
  execute: <T = Json>(text: string, params?: unknown[]) => Promise<T[]>;
}

/**
 * A tenant's catalog for usage events through the real API: the metrics above, a monthly plan with a STANDARD charge
 * on `storage_gb`, and subscriptions on demand (their workflows wait on a task queue no worker polls).
 */
export async function createUsageEventFixture(api: TestApi, tenant: TenantFixture): Promise<UsageEventFixture> {
  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant.apiKey }));
  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  const unique = () => randomBytes(6).toString('hex');
  const metricIds = Object.fromEntries(
    await Promise.all(
      Object.entries(EVENT_METRICS).map(async ([key, body]) => [
        key,
        String((await created('/billable-metrics', body)).id),
      ]),
    ),
  ) as Record<keyof typeof EVENT_METRICS, string>;
  const planId = String(
    (
      await created('/plans', {
        name: 'Metered',
        code: `metered-${unique()}`,
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 10 }],
      })
    ).id,
  );
  await created('/charges', { planId, billableMetricId: metricIds.storage, chargeModel: 'STANDARD', amount: 0.5 });
  const schema = `"${tenantSchemaName(tenant.tenantId)}"`;
  return {
    call,
    schema: tenantSchemaName(tenant.tenantId),
    planId,
    metricIds,
    subscribe: async (options = {}) => {
      const suffix = unique();
      const customerId = String(
        (await created('/customers', { externalId: `c-${suffix}`, email: `c-${suffix}@example.com`, currency: 'USD' }))
          .id,
      );
      const startDate = new Date(Date.now() - (options.startedDaysAgo ?? 10) * DAY_MS);
      const subscription = await created('/subscriptions', {
        customerId,
        planId,
        currency: 'USD',
        startDate: startDate.toISOString(),
      });
      return { id: String(subscription.id), customerId, startDate };
    },
    execute: <T = Json>(text: string, params: unknown[] = []) =>
      api.orm.em.getConnection().execute<T[]>(text.replaceAll('{schema}', schema), params),
  };
}
