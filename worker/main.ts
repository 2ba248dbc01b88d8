// First: source maps for our own modules only (the file says why); then tracing (when configured), which must
// instrument node:http, pg and undici before anything imports them.
import '../infra/process/own-source-maps';
import '../infra/tracing/register-worker';
import { Runtime } from '@temporalio/worker';
import { loadConfig } from '../infra/config';
import { createOrm } from '../infra/db/orm';
import { sqlOf } from '../infra/db/sql';
import { createLogger } from '../infra/logger';
import { shutdownTracing } from '../infra/tracing';
import { startOutboxRelay } from '../services/platform/webhooks';
import { createTemporalClient } from '../infra/temporal/client';
import { registerSearchAttributes } from '../infra/temporal/search-attributes';
import { CUSTOM_SEARCH_ATTRIBUTES } from '../workflows/shared/search-attribute-keys';
import { temporalWebhookDeliveryStarter } from '../services/platform/webhooks';
import { startDunningStarterLoop, temporalDunningStarter } from '../services/payments/collections';
import { readPendingPaymentBacklog } from '../services/payments/records';
import { startWalletWakeLoop, temporalWalletWaker, walletWakeSender } from '../services/billing/wallets';
import { startWalletUsageChecks } from '../services/billing/prepaid-credit';
import { createUsageTally, sharingEntries } from '../services/metering/aggregation';
import { wallClock } from '../infra/wall-clock';
import { createWorker } from './create-worker';
import { activityMetricsInterceptor } from './activity-metrics';
import { startWorkerMetricsServer } from './metrics-server';
import { resolveExporterAddress, temporalMetricsExporter } from './temporal-metrics';
import { registerPendingPaymentGauges } from './pending-payment-gauges';
import { createWorkerMetrics } from './worker-metrics';

/**
 * The worker starts the dunning of newly OPEN invoices every 2 s, once their row is 5 s old: a start a few seconds late
 * changes nothing for a ladder measured from the due date, and a caller that starts a dunning itself at once (tests)
 * is not raced by a worker process.
 */
const DUNNING_START_INTERVAL_MS = 2_000;
const DUNNING_START_AFTER_MS = 5_000;
/**
 * Wallet workflows owed a wake-up (a start, a moved expiry, a termination) whose request could not reach Temporal: a
 * request wakes its wallet's workflow right after commit, so only rows 5 s old are the loop's.
 */
const WALLET_WAKE_INTERVAL_MS = 2_000;
const WALLET_WAKE_AFTER_MS = 5_000;
import { createTemporalLogger } from './temporal-logger';

/** `npm run start:worker`: runs the worker until SIGINT/SIGTERM, then drains it and exits 0. */
async function main(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'worker' });
  const temporalExporterAddress = await resolveExporterAddress(config.metrics.temporalExporterAddress);
  // Before any connection exists: the SDK logs through pino, and the signals are handled below (not by the SDK),
  // so that shutdown order is ours.
  Runtime.install({
    logger: createTemporalLogger(logger.child({ component: 'temporal' })),
    telemetryOptions: {
      logging: { filter: { core: 'WARN', other: 'ERROR' }, forward: {} },
      metrics: temporalMetricsExporter({ temporalExporterAddress }),
    },
    shutdownSignals: [],
  });

  // Before the pool and the connection: a metrics port already taken stops the start-up with nothing to undo.
  const metrics = createWorkerMetrics();
  const metricsServer = await startWorkerMetricsServer({
    host: config.metrics.host,
    port: config.metrics.workerPort,
    token: config.metrics.token,
    metrics,
    temporalExporterAddress,
    logger: logger.child({ component: 'metrics' }),
  });
  logger.info({ url: `${metricsServer.url}/metrics` }, 'worker metrics listening');

  const orm = await createOrm(config, { logger: logger.child({ component: 'orm' }) });
  // After the pool: the backlog gauges read it at each scrape (a scrape before this point has no backlog series).
  registerPendingPaymentGauges(metrics.registry, () => readPendingPaymentBacklog(sqlOf(orm)), logger);
  // One set of running aggregates for the usage loop below and the wallet workflows' checks: a check woken by a
  // top-up or an alert prices only the events since the loop's last check of that period.
  const usageTally = createUsageTally();
  const { worker, connection, close } = await createWorker({
    config,
    logger,
    orm,
    activityInterceptors: [activityMetricsInterceptor(metrics)],
    usageTally: sharingEntries(usageTally),
  }).catch(async (error: unknown) => {
    await orm.close();
    throw error;
  });
  const added = await registerSearchAttributes({
    connection: connection,
    namespace: config.temporal.namespace,
    keys: CUSTOM_SEARCH_ATTRIBUTES,
  });
  if (added.length > 0) logger.info({ added }, 'registered search attributes');

  // Outbox → delivery workflows (docs/webhooks.md): woken by NOTIFY, with a sweep for anything a notification missed.
  const temporal = await createTemporalClient(config);
  const start = temporalWebhookDeliveryStarter({ client: temporal.client, taskQueue: config.temporal.taskQueue });
  const relay = startOutboxRelay({
    orm,
    start,
    logger: logger.child({ component: 'webhook-relay' }),
    sweepIntervalMs: 5_000,
  });

  // Invoices finalized OPEN → their dunning workflows (CONTRACT §12; docs/decisions.md "Dunning").
  const dunningStarter = startDunningStarterLoop({
    orm,
    start: temporalDunningStarter({ client: temporal.client, taskQueue: config.temporal.taskQueue }),
    logger: logger.child({ component: 'dunning-starter' }),
    intervalMs: DUNNING_START_INTERVAL_MS,
    olderThanMs: DUNNING_START_AFTER_MS,
  });

  // Wallets → their expiry workflows (docs/wallets.md): every wake the API could not send, and ACTIVE wallets
  // without a workflow.
  const walletWaker = temporalWalletWaker({ client: temporal.client, taskQueue: config.temporal.taskQueue });
  const walletWakes = startWalletWakeLoop({
    orm,
    wake: walletWaker,
    logger: logger.child({ component: 'wallet-wakes' }),
    intervalMs: WALLET_WAKE_INTERVAL_MS,
    olderThanMs: WALLET_WAKE_AFTER_MS,
  });

  // Recorded usage → balance checks (docs/wallets.md "Alerts and top-ups"): each ingestion request's NOTIFY, checked
  // here at most once a second per wallet, with a sweep at start for what was recorded while no worker listened.
  const walletUsageLogger = logger.child({ component: 'wallet-usage-checks' });
  const walletUsageChecks = startWalletUsageChecks({
    orm,
    logger: walletUsageLogger,
    clock: wallClock,
    wakeSender: walletWakeSender(walletWaker, walletUsageLogger),
    tally: usageTally,
  });

  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    // A terminal Ctrl-C reaches both `npm run dev` and this process, which then also sends SIGTERM: drain once.
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down worker');
    worker.shutdown();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  logger.info(
    { address: config.temporal.address, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue },
    'worker running',
  );
  try {
    await worker.run();
  } finally {
    // Activities have drained by now (worker.run resolves after shutdown), so the pool can go.
    await relay.stop();
    await dunningStarter.stop();
    await walletWakes.stop();
    await walletUsageChecks.stop();
    await temporal.close();
    await close();
    await orm.close();
    await metricsServer.close();
    await shutdownTracing();
  }
  logger.info('worker stopped');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
