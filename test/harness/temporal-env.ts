import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker, type WorkflowBundle } from '@temporalio/worker';
import type { Activities } from '../../activities';
import { loadConfig } from '../../infra/config';
import { findFreePort } from '../../infra/net/wait-for-port';
import { startTimeSkippingServer } from '../../infra/temporal/local-servers';
import { registerSearchAttributes } from '../../infra/temporal/search-attributes';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/shared/search-attribute-keys';
import { workflowsPath } from '../../infra/temporal/workflow-bundle';

/**
 * Temporal helpers for test files. jest gives every test file its own module registry, so module state here is
 * per file: one workflow bundle per file, while each test gets its own task queue and worker.
 */

/** The namespace of the time-skipping server (it serves `default` only). */
export const TIME_SKIPPING_NAMESPACE = 'default';

let workflowBundle: Promise<WorkflowBundle> | undefined;

/**
 * SDK logs at WARN and native (Rust core) logs at ERROR: the defaults bury test output, and the time-skipping
 * server makes core warn on every worker that it lacks a capability tests do not use. The runtime is a singleton
 * that must be configured before the first Worker or connection, so importing this module does it.
 */
function installTestRuntime(): void {
  try {
    Runtime.install({
      logger: new DefaultLogger('WARN'),
      telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' } } },
      shutdownSignals: [],
    });
  } catch {
    // The file created a Worker before importing this module: the default runtime is in place, which works.
  }
}
installTestRuntime();

/**
 * `workflows/index.ts` bundled: the run's bundle that globalSetup built (TEST_WORKFLOW_BUNDLE), else bundled once per
 * test file (seconds of CPU); call it in beforeAll.
 */
export function sharedWorkflowBundle(): Promise<WorkflowBundle> {
  const prebuilt = process.env.TEST_WORKFLOW_BUNDLE;
  workflowBundle ??=
    prebuilt === undefined
      ? bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: new DefaultLogger('WARN') })
      : readFile(prebuilt, 'utf8').then((code) => ({ code }));
  return workflowBundle;
}

/**
 * The bundle with the tracing interceptors, which a worker that exports spans runs: the run's prebuilt file
 * (TEST_TRACED_WORKFLOW_BUNDLE), else null, and the worker bundles it from sources.
 */
export function tracedWorkflowBundlePath(): string | null {
  return process.env.TEST_TRACED_WORKFLOW_BUNDLE ?? null;
}

/** A task queue no other test (or file, or earlier run) polls, so workers never steal each other's tasks. */
export function uniqueTaskQueue(name = 'test'): string {
  return `${name}-${randomUUID()}`;
}

/** A worker on `env` (either server) with the shared bundle; run it with `worker.runUntil(...)`. */
export async function createTestWorker(options: {
  env: TestWorkflowEnvironment;
  taskQueue: string;
  activities: Partial<Activities>;
}): Promise<Worker> {
  return Worker.create({
    connection: options.env.nativeConnection,
    namespace: options.env.namespace ?? TIME_SKIPPING_NAMESPACE,
    taskQueue: options.taskQueue,
    workflowBundle: await sharedWorkflowBundle(),
    activities: options.activities,
  });
}

/** The dev server of this jest run (TEMPORAL_ADDRESS / TEMPORAL_NAMESPACE); real time, full server features. */
export async function createDevServerTestEnv(): Promise<TestWorkflowEnvironment> {
  const { temporal } = loadConfig();
  return TestWorkflowEnvironment.createFromExistingServer({ address: temporal.address, namespace: temporal.namespace });
}

/**
 * A time-skipping environment on a test server of its own, with the custom search attributes registered;
 * `env.teardown()` stops the server. Create one per test file (beforeAll) and share it between its tests.
 *
 * Why a server per file: time on the test server is global, so files sharing one would skip each other's clocks;
 * worse, the server stops skipping time while any workflow task is pending, so a workflow left behind by one file
 * (a failed test, a worker stopped early) makes every later 30-day sleep on that server wait 30 real days. The
 * test server starts in well under a second and uses about 60 MB, so isolation costs next to nothing, and jest may
 * run files in parallel. We spawn it ourselves and wait on its port: the SDK's own spawn gives up after about 5 s,
 * which two busy cores can miss.
 */
export async function createTimeSkippingTestEnv(): Promise<TestWorkflowEnvironment> {
  return (await createTimeSkippingTestServer()).env;
}

/** `createTimeSkippingTestEnv` with the server's address, for a worker process of the test's own to connect to. */
export async function createTimeSkippingTestServer(): Promise<{ env: TestWorkflowEnvironment; address: string }> {
  const server = await startTimeSkippingServer({ port: await findFreePort() });
  try {
    const env = await connectTimeSkippingEnvironment(server.address);
    await registerSearchAttributes({
      connection: env.connection,
      namespace: TIME_SKIPPING_NAMESPACE,
      keys: CUSTOM_SEARCH_ATTRIBUTES,
    });
    const closeConnections = env.teardown.bind(env);
    env.teardown = async () => {
      try {
        await closeConnections();
      } finally {
        await server.stop();
      }
    };
    return { env, address: server.address };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

type CreateEnvironment = (options: {
  server: { type: 'existing' };
  address: string;
  namespace: string;
  supportsTimeSkipping: boolean;
}) => Promise<TestWorkflowEnvironment>;

/**
 * The SDK offers time skipping only with a server it spawns itself (and waits about 5 s for, which busy cores
 * miss), and `createFromExistingServer` always disables time skipping. Its private `create` does both: existing
 * server, time-skipping client, `env.sleep` that skips. Pinned SDK (1.24.0); this fails loudly if that changes.
 */
async function connectTimeSkippingEnvironment(address: string): Promise<TestWorkflowEnvironment> {
  const create = (TestWorkflowEnvironment as unknown as { create?: CreateEnvironment }).create;
  if (typeof create !== 'function') {
    throw new Error(
      '@temporalio/testing no longer has TestWorkflowEnvironment.create; update test/harness/temporal-env.ts',
    );
  }
  return create.call(TestWorkflowEnvironment, {
    server: { type: 'existing' },
    address,
    namespace: TIME_SKIPPING_NAMESPACE,
    supportsTimeSkipping: true,
  });
}
