// First: tracing (when configured) must instrument node:http and pg before anything imports them.
import '../infra/tracing/register-api';
import { version } from '../package.json';
import { systemClock } from '../infra/clock';
import { loadConfig } from '../infra/config';
import { createOrm } from '../infra/db/orm';
import { createLogger } from '../infra/logger';
import { shutdownTracing } from '../infra/tracing';
import { createPlatformMailer, createUnconfiguredMailer } from '../infra/mail';
import { startSubscriptionRepairLoop } from '../services/billing/subscriptions';
import { createTemporalHealthConnection } from '../infra/temporal/connection';
import { createRequestPathState, lazyTemporal } from './app-deps';
import { createApp } from './app';
import { drainAndClose, listen } from './http-server';
import { dependencyHealthChecks } from './routes/health/dependency-checks';
import { temporalSubscriptionStarter } from '../services/billing/subscriptions';

const DRAIN_TIMEOUT_MS = 10_000;
/** A request starts its workflow right after commit; only rows older than this count as orphaned. */
const REPAIR_AFTER_MS = 10_000;
const REPAIR_INTERVAL_MS = 15_000;

/** `npm run start:api`: serves the API until SIGINT/SIGTERM, then drains requests and closes its pools. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'api' });
  const orm = await createOrm(config, { logger });
  // Lazy and without the SDK's retry interceptor: the API starts while Temporal is down, says so through /health,
  // and a probe that gives up leaves no retry behind. Workflow calls get their own client when routes need one.
  const temporalConnection = createTemporalHealthConnection(config);
  const healthChecks = dependencyHealthChecks({ orm, temporalConnection, namespace: config.temporal.namespace });
  const mailer =
    config.smtpUrl === null
      ? createUnconfiguredMailer()
      : createPlatformMailer({
          smtpUrl: config.smtpUrl,
          from: platformSender(config.publicUrl),
          allowInsecureAuth: config.smtpAllowInsecureAuth,
        });
  // Workflow calls: a lazy client (the API boots while Temporal is down; such requests answer 503).
  const temporal = lazyTemporal(config);
  const requestPath = createRequestPathState({ orm, logger });
  const app = createApp({
    config,
    logger,
    orm,
    mailer,
    version,
    healthChecks,
    temporal,
    clock: systemClock,
    ...requestPath,
  });
  // Every API process runs the repair of subscriptions whose workflow start was interrupted: starts are idempotent,
  // so several processes repairing at once is harmless, and no extra process is needed.
  const repairLoop = startSubscriptionRepairLoop({
    orm,
    start: temporalSubscriptionStarter(temporal),
    logger,
    olderThanMs: REPAIR_AFTER_MS,
    intervalMs: REPAIR_INTERVAL_MS,
  });
  const server = await listen(app, { port: config.port });
  logger.info({ port: config.port, url: `${config.publicUrl}/api` }, 'API listening');

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // Ctrl-C under `npm run dev` reaches this process twice (terminal and parent): shut down once.
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down API');
    drainAndClose(server, { drainTimeoutMs: DRAIN_TIMEOUT_MS })
      .then(() => repairLoop.stop())
      // After the last request: this process's request counts not yet written (at most 5 s of them).
      .then(() => requestPath.requestCounts.stop())
      .then(() => Promise.all([orm.close(), temporalConnection.close(), temporal.client.connection.close()]))
      // Last: the spans of the final requests and of the shutdown itself.
      .then(() => shutdownTracing())
      .then(
        () => {
          logger.info('API stopped');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'API shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function platformSender(publicUrl: string): string {
  return `Billing Platform <no-reply@${new URL(publicUrl).hostname}>`;
}

main().catch((error: unknown) => {
  // Configuration errors list every problem; print them plainly before any logger exists.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
