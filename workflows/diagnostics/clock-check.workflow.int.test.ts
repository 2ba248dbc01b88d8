import { randomUUID } from 'node:crypto';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { createDiagnosticsActivities } from '../../activities/diagnostics/diagnostics.activities';
import { createLogger } from '../../infra/logger';
import { TENANT_ID_SEARCH_ATTRIBUTE } from '../shared/search-attribute-keys';
import {
  createTestWorker,
  createTimeSkippingTestEnv,
  sharedWorkflowBundle,
  uniqueTaskQueue,
} from '../../test/harness/temporal-env';
import { clockCheckWorkflow } from './clock-check.workflow';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const logger = createLogger({ level: 'silent', name: 'clock-check-test' });

describe('clockCheckWorkflow on the time-skipping server', () => {
  let env: TestWorkflowEnvironment;

  beforeAll(async () => {
    env = await createTimeSkippingTestEnv();
    await sharedWorkflowBundle();
  });

  afterAll(async () => {
    await env.teardown();
  });

  test('sleeps 30 days of server time within seconds of wall time', async () => {
    const taskQueue = uniqueTaskQueue('clock-check');
    const worker = await createTestWorker({ env, taskQueue, activities: createDiagnosticsActivities({ logger }) });
    const wallStart = performance.now();

    const result = await worker.runUntil(
      env.client.workflow.execute(clockCheckWorkflow, {
        taskQueue,
        workflowId: `clock-check-${randomUUID()}`,
        args: [{ sleep: '30 days' }],
      }),
    );

    const wallMs = performance.now() - wallStart;
    console.info(`30 days of workflow time took ${Math.round(wallMs)} ms of wall time`);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(THIRTY_DAYS_MS);
    expect(Date.parse(result.wokeAt) - Date.parse(result.startedAt)).toBe(result.elapsedMs);
    // The activity was scheduled at server time, after the skipped timer, while its own wall clock stayed put.
    expect(Date.parse(result.record.scheduledAt)).toBeGreaterThanOrEqual(Date.parse(result.wokeAt));
    expect(Date.parse(result.record.recordedAt)).toBeLessThan(Date.parse(result.wokeAt));
    expect(result.record.attempt).toBe(1);
    expect(wallMs).toBeLessThan(60_000);
  });

  test('env.sleep moves server time forward while the workflow waits on its timer', async () => {
    const taskQueue = uniqueTaskQueue('clock-check');
    const worker = await createTestWorker({ env, taskQueue, activities: createDiagnosticsActivities({ logger }) });

    await worker.runUntil(async () => {
      const handle = await env.client.workflow.start(clockCheckWorkflow, {
        taskQueue,
        workflowId: `clock-check-${randomUUID()}`,
        args: [{ sleep: '30 days' }],
        typedSearchAttributes: [{ key: TENANT_ID_SEARCH_ATTRIBUTE, value: 'tenant-a' }],
      });
      const before = await env.currentTimeMs();
      await env.sleep('29 days');
      expect((await env.currentTimeMs()) - before).toBeGreaterThanOrEqual(29 * 24 * 60 * 60 * 1000);
      expect((await handle.describe()).status.name).toBe('RUNNING');

      const result = await handle.result();
      expect(result.elapsedMs).toBeGreaterThanOrEqual(THIRTY_DAYS_MS);
      // Custom search attributes work on this server because the harness registered them.
      expect((await handle.describe()).typedSearchAttributes.get(TENANT_ID_SEARCH_ATTRIBUTE)).toBe('tenant-a');
    });
  });

  test('skips time while another file has left a workflow task pending on its own server', async () => {
    // A workflow whose task queue nobody polls stops the test server from skipping time, for every workflow on
    // that server. The harness gives each file its own server, so such leftovers cannot slow other files down.
    const otherFile = await createTimeSkippingTestEnv();
    try {
      await otherFile.client.workflow.start(clockCheckWorkflow, {
        taskQueue: uniqueTaskQueue('never-polled'),
        workflowId: `clock-check-${randomUUID()}`,
        args: [{ sleep: '1 day' }],
      });
      const taskQueue = uniqueTaskQueue('clock-check');
      const worker = await createTestWorker({ env, taskQueue, activities: createDiagnosticsActivities({ logger }) });
      const result = await worker.runUntil(
        env.client.workflow.execute(clockCheckWorkflow, {
          taskQueue,
          workflowId: `clock-check-${randomUUID()}`,
          args: [{ sleep: '30 days' }],
        }),
      );
      expect(result.elapsedMs).toBeGreaterThanOrEqual(THIRTY_DAYS_MS);
    } finally {
      await otherFile.teardown();
    }
  });
});
