import { findFreePort } from '../../infra/net/wait-for-port';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/shared/search-attribute-keys';
import { startDevServer, type LocalServer } from '../../infra/temporal/local-servers';

/**
 * The Temporal dev server shared by one jest run: started once in globalSetup (in memory, headless, the custom
 * search attributes pre-registered), stopped in globalTeardown. Its address and namespace reach the jest workers
 * as TEMPORAL_ADDRESS / TEMPORAL_NAMESPACE, which loadConfig() reads. Tests share it safely: each uses its own
 * task queue and workflow ids.
 *
 * Time-skipping servers are not started here but one per test file, by test/harness/temporal-env.ts (see there why).
 */
export const TEST_NAMESPACE = 'billing-test';

// globalSetup and globalTeardown run in the same process but may load this module twice (jest transforms them
// separately), so the server lives on globalThis.
const STATE = Symbol.for('billing.test.temporal-dev-server');
type GlobalWithServer = typeof globalThis & { [STATE]?: LocalServer | undefined };

export async function startTemporalServers(): Promise<void> {
  const global = globalThis as GlobalWithServer;
  const server = await startDevServer({
    ip: '127.0.0.1',
    port: await findFreePort(),
    namespace: TEST_NAMESPACE,
    searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
  });
  global[STATE] = server;
  // Safety net when globalTeardown does not run (jest aborted): the server must not outlive the run.
  process.once('exit', () => {
    server.kill();
  });
  process.env.TEMPORAL_ADDRESS = server.address;
  process.env.TEMPORAL_NAMESPACE = TEST_NAMESPACE;
}

export async function stopTemporalServers(): Promise<void> {
  const global = globalThis as GlobalWithServer;
  const server = global[STATE];
  global[STATE] = undefined;
  await server?.stop();
}
