import type { Config } from '../../infra/config';
import { isPortOpen, parseHostPort } from '../../infra/net/wait-for-port';
import { startDevServer, type LocalServer } from '../../infra/temporal/local-servers';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../../workflows/shared/search-attribute-keys';
import { onInterrupt } from './interrupt-cleanup';

/**
 * The Temporal a bench talks to: the server at TEMPORAL_ADDRESS when one answers (the one `npm run dev` runs), else a
 * dev server started here on that address, which the caller stops (and an interrupt stops too).
 */
export async function ensureTemporal(config: Config): Promise<LocalServer | undefined> {
  const address = parseHostPort(config.temporal.address);
  if (await isPortOpen(address)) return undefined;
  const server = await startDevServer({
    ip: address.host,
    port: address.port,
    namespace: config.temporal.namespace,
    searchAttributes: CUSTOM_SEARCH_ATTRIBUTES,
  });
  const forget = onInterrupt(() => server.stop());
  void server.exited.then(forget);
  // Nothing asynchronous runs once the bench exits: at least signal the server so it does not outlive it.
  process.once('exit', () => {
    server.kill();
  });
  return server;
}
