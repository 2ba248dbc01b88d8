import { createApp } from '../../api/app';
import { createRequestPathState, lazyTemporal } from '../../api/app-deps';
import type { Config } from '../../infra/config';
import type { Orm } from '../../infra/db/orm';
import type { Logger } from '../../infra/logger';
import { createUnconfiguredMailer } from '../../infra/mail';
import { wallClock } from '../../infra/wall-clock';
import { serve, type RunningServer } from '../../test/harness/http-server';

/**
 * The app on a loopback port in the bench's own process, for benches that seed through the API and measure what
 * happens behind it (workflows), not the request path.
 */
export async function serveInProcessApp(input: { config: Config; logger: Logger; orm: Orm }): Promise<RunningServer> {
  const requestPath = createRequestPathState({ orm: input.orm, logger: input.logger });
  const temporal = lazyTemporal(input.config);
  const app = createApp({
    ...requestPath,
    ...input,
    mailer: createUnconfiguredMailer(),
    healthChecks: [],
    version: 'bench',
    temporal,
    clock: wallClock,
  });
  const server = await serve(app);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await requestPath.requestCounts.stop();
      await temporal.client.connection.close();
    },
  };
}
