import { Runtime, DefaultLogger } from '@temporalio/worker';
import { loadConfig } from '../infra/config';
import { createOrm } from '../infra/db/orm';
import { tenantSchemaName } from '../infra/db/tenant-schema';
import { createLogger } from '../infra/logger';
import { createTemporalClient } from '../infra/temporal/client';
import { wallClock } from '../infra/wall-clock';
import { startWalletUsageChecks } from '../services/billing/prepaid-credit';
import { createUsageTally, sharingEntries } from '../services/metering/aggregation';
import { startWalletWakeLoop, temporalWalletWaker, walletWakeSender } from '../services/billing/wallets';
import { startOutboxRelay, temporalWebhookDeliveryStarter } from '../services/platform/webhooks';
import { createWorker } from '../worker/create-worker';

/**
 * The worker of `bench:ingest`'s wallet round, in a process of its own: what `worker/main.ts` runs for wallets and
 * webhooks (the Temporal worker, the outbox relay, the wallet wake loop and the wallet usage checks), confined to the
 * bench's tenant (argv[2]) so that other tenants of the database are left alone. Prints `ready` once listening;
 * stops on SIGTERM.
 */
async function main(): Promise<void> {
  const tenantId = process.argv[2];
  if (tenantId === undefined) throw new Error('usage: ingest-wallet-worker.ts <tenantId>');
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, name: 'bench-worker' });
  Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  const orm = await createOrm(config, { logger });
  // As worker/main.ts: the wallet workflows' checks share the usage loop's running aggregates.
  const usageTally = createUsageTally();
  const workflowChecks = sharingEntries(usageTally);
  const { worker, close } = await createWorker({ config, logger, orm, usageTally: workflowChecks });
  const running = worker.run();
  const temporal = await createTemporalClient(config);
  const taskQueue = config.temporal.taskQueue;
  const relay = startOutboxRelay({
    orm,
    start: temporalWebhookDeliveryStarter({ client: temporal.client, taskQueue }),
    logger,
    sweepIntervalMs: 5_000,
    schemas: new Set([tenantSchemaName(tenantId)]),
  });
  const waker = temporalWalletWaker({ client: temporal.client, taskQueue });
  const wakes = startWalletWakeLoop({ orm, wake: waker, logger, intervalMs: 2_000, olderThanMs: 5_000, tenantId });
  const usageChecks = startWalletUsageChecks({
    orm,
    logger,
    clock: wallClock,
    wakeSender: walletWakeSender(waker, logger),
    tenantIds: new Set([tenantId]),
    tally: usageTally,
  });
  await usageChecks.ready;
  process.stdout.write('ready\n');
  await new Promise((resolve) => process.once('SIGTERM', resolve));
  await usageChecks.stop();
  // Whether the checks priced from their running aggregates (and the floors moved) or from every event.
  process.stderr.write(`  worker usage reads: ${JSON.stringify(usageChecks.usageReads)}\n`);
  process.stderr.write(`  wallet workflow checks' usage reads: ${JSON.stringify(workflowChecks.counts)}\n`);
  await wakes.stop();
  await relay.stop();
  worker.shutdown();
  await running;
  await Promise.all([close(), temporal.close()]);
  await orm.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
