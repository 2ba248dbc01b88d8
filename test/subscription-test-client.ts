import { tenantSchemaName } from '../infra/db/tenant-schema';
import { apiClient } from './api-client';
import type { TestApi } from './api-harness';
import type { TenantFixture } from './tenant-fixture';

export interface Json {
  [key: string]: unknown;
}

// Shared by every client of the file: codes and externalIds stay unique however many clients a test makes.
let sequence = 0;

/** HTTP helpers for the subscription API tests: one tenant, its catalog, and calls as its API key. */
export function subscriptionTestClient(api: TestApi, tenant: () => TenantFixture) {
  const call = apiClient(() => ({ baseUrl: `${api.url}/api`, token: tenant().apiKey }));
  const created = async (path: string, body: Json): Promise<string> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return String(reply.body.id);
  };
  return {
    call,
    createCustomer: (extra: Json = {}) => {
      const n = ++sequence;
      return created('/customers', { externalId: `c-${n}`, email: `c${n}@example.com`, currency: 'USD', ...extra });
    },
    createPlan: (extra: Json = {}) =>
      created('/plans', {
        name: 'Basic',
        code: `plan-${++sequence}`,
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 30 }],
        ...extra,
      }),
    subscribe: (body: Json) => call('POST', '/subscriptions', { body: { currency: 'USD', ...body } }),
    /** When the subscription's workflow was recorded as started (null while a repair is owed). */
    workflowStartedAt: async (subscriptionId: string): Promise<Date | null | undefined> => {
      const [row] = await api.orm.em
        .getConnection()
        .execute<{ workflow_started_at: Date | null }[]>(
          `select workflow_started_at from "${tenantSchemaName(tenant().tenantId)}".subscriptions where id = ?`,
          [subscriptionId],
        );
      return row?.workflow_started_at;
    },
  };
}
