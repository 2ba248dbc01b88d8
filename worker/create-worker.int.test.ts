import { randomUUID } from 'node:crypto';
import { loadConfig } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import { createTestOrm } from '../test/harness/database';
import { createLogger } from '../infra/logger';
import { createTemporalClient, type TemporalClient } from '../infra/temporal/client';
import {
  CUSTOMER_ID_SEARCH_ATTRIBUTE,
  SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE,
  TENANT_ID_SEARCH_ATTRIBUTE,
} from '../workflows/shared/search-attribute-keys';
import { uniqueTaskQueue } from '../test/harness/temporal-env';
import { clockCheckWorkflow } from '../workflows';
import { createWorker } from './create-worker';

describe('createWorker against the dev server', () => {
  const config = loadConfig();
  const logger = createLogger({ level: 'silent', name: 'create-worker-test' });
  let temporal: TemporalClient;
  let orm: Orm;

  beforeAll(async () => {
    temporal = await createTemporalClient(config);
    orm = await createTestOrm();
  });

  afterAll(async () => {
    await temporal.close();
    await orm.close();
  });

  test('runs the bundled workflows with the real activities, tagged with the custom search attributes', async () => {
    const taskQueue = uniqueTaskQueue('create-worker');
    // The production path from sources: the worker bundles workflows/index.ts itself (not the run's prebuilt bundle)
    // and builds the activities from factories.
    const { worker, close } = await createWorker({
      config: { temporal: { ...config.temporal, taskQueue, workflowBundlePath: null } },
      logger,
      orm,
    });
    try {
      const handle = await temporal.client.workflow.start(clockCheckWorkflow, {
        taskQueue,
        workflowId: `clock-check-${randomUUID()}`,
        args: [{ sleep: '1 second' }],
        typedSearchAttributes: [
          { key: TENANT_ID_SEARCH_ATTRIBUTE, value: 'tenant-a' },
          { key: CUSTOMER_ID_SEARCH_ATTRIBUTE, value: 'customer-1' },
          { key: SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE, value: 'active' },
        ],
      });

      const result = await worker.runUntil(handle.result());

      expect(result.elapsedMs).toBeGreaterThanOrEqual(1_000);
      expect(result.record.attempt).toBe(1);
      const { typedSearchAttributes } = await handle.describe();
      expect(typedSearchAttributes.get(TENANT_ID_SEARCH_ATTRIBUTE)).toBe('tenant-a');
      expect(typedSearchAttributes.get(CUSTOMER_ID_SEARCH_ATTRIBUTE)).toBe('customer-1');
      expect(typedSearchAttributes.get(SUBSCRIPTION_STATUS_SEARCH_ATTRIBUTE)).toBe('active');
    } finally {
      await close();
    }
  });
});
