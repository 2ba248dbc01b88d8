import type { Config } from '@jest/types';
import { createTestDatabases } from './database-harness';
import { startTemporalServers } from './temporal-servers';
import { prebuiltWorkflowBundles } from './workflow-bundles';

/**
 * Runs once per jest run, before any test file: PostgreSQL databases of the run's own (one per jest worker), own
 * Temporal servers and the workflow bundles, handed to test files through the environment that infra/config.ts reads
 * (jest workers inherit it).
 */
// eslint-disable-next-line import-x/no-default-export -- jest requires a default export here
export default async function globalSetup(globalConfig: Config.GlobalConfig): Promise<void> {
  process.env.NODE_ENV = 'test';
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = 'true';
  // Tests run several worker processes at once: each takes free ports for its metrics and the Temporal SDK's.
  process.env.WORKER_METRICS_PORT = '0';
  process.env.TEMPORAL_METRICS_ADDRESS = '127.0.0.1:0';
  const [bundles] = await Promise.all([
    prebuiltWorkflowBundles(),
    createTestDatabases(globalConfig.maxWorkers),
    startTemporalServers(),
  ]);
  // Test files and the worker processes they start load these instead of bundling (test/harness/workflow-bundles.ts).
  process.env.TEST_WORKFLOW_BUNDLE = bundles.plain;
  process.env.TEMPORAL_WORKFLOW_BUNDLE = bundles.plain;
  process.env.TEST_TRACED_WORKFLOW_BUNDLE = bundles.traced;
}
