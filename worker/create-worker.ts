import {
  NativeConnection,
  Worker,
  type ActivityInterceptorsFactory,
  type WorkflowBundleOption,
} from '@temporalio/worker';
import { createActivities, type Activities, type ActivityDependencies } from '../activities';
import { createGateway } from '../services/payments/gateways';
import { payLinksOf } from '../services/portal/sessions';
import { DEFAULT_PLATFORM_MAIL_PER_DAY, type Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import type { UsageTally } from '../services/metering/aggregation';
import { createUnconfiguredMailer, platformMailerOf } from '../infra/mail';
import { workerWorkflowBundle } from '../infra/temporal/workflow-bundle';
import { tracingWorkerInterceptors, workflowSpanSinks } from '../infra/tracing/temporal-interceptors';
import { activeTracing } from '../infra/tracing/tracer-provider';

export interface CreateWorkerOptions {
  /** Without `webhookAllowPrivateTargets`, webhooks to private addresses are refused (the production default). */
  config: Pick<Config, 'temporal'> &
    Partial<
      Pick<
        Config,
        | 'webhookAllowPrivateTargets'
        | 'encryptionKey'
        | 'apiPublicUrl'
        | 'smtpUrl'
        | 'publicUrl'
        | 'smtpAllowInsecureAuth'
        | 'platformMailPerDay'
      >
    >;
  logger: Logger;
  /** The database the real activities write to; the caller owns it (creates it first, closes it after the worker). */
  orm: Orm;
  /** Replaces the real activities (tests); by default they are built by their factories from the dependencies. */
  activities?: Activities;
  /**
   * A pre-built bundle (tests share one per file); by default the compiled worker loads the build's bundle file and
   * the worker run from sources bundles `workflows/index.ts` itself.
   */
  workflowBundle?: WorkflowBundleOption;
  /** Around every activity attempt (the worker's metrics); none by default. */
  activityInterceptors?: ActivityInterceptorsFactory[];
  /** The running aggregates the wallet balance checks share with the process's usage loop; their own by default. */
  usageTally?: UsageTally;
}

export interface WorkerHandle {
  worker: Worker;
  connection: NativeConnection;
  /** Closes the connection; call it after `worker.run()` has resolved. */
  close: () => Promise<void>;
}

/**
 * The payment workflow's activities need the key provider credentials are sealed with and the public origin of the
 * callback URLs; a worker configured without them (tests of other workflows) runs no payment activity. Private
 * provider targets follow the webhook setting, as the payment providers' connection test does.
 */
function paymentDependencies(config: CreateWorkerOptions['config']): Pick<ActivityDependencies, 'payments'> {
  if (config.encryptionKey === undefined || config.apiPublicUrl === undefined) return {};
  return {
    payments: {
      config: {
        encryptionKey: config.encryptionKey,
        apiPublicUrl: config.apiPublicUrl,
        webhookAllowPrivateTargets: config.webhookAllowPrivateTargets ?? false,
      },
      createGateway,
    },
  };
}

/**
 * Dunning's activities mail through the tenant's SMTP or the platform's (SMTP_URL, sender on PUBLIC_URL's host) and
 * open payment providers for checkout links with the same key as the payments.
 */
function collectionDependencies(config: CreateWorkerOptions['config']): Pick<ActivityDependencies, 'collections'> {
  if (config.encryptionKey === undefined) return {};
  const smtpAllowInsecureAuth = config.smtpAllowInsecureAuth ?? false;
  return {
    collections: {
      config: {
        encryptionKey: config.encryptionKey,
        webhookAllowPrivateTargets: config.webhookAllowPrivateTargets ?? false,
        smtpAllowInsecureAuth,
      },
      platformMailer:
        config.publicUrl === undefined
          ? createUnconfiguredMailer()
          : platformMailerOf({ smtpUrl: config.smtpUrl ?? null, publicUrl: config.publicUrl, smtpAllowInsecureAuth }),
      platformMailPerDay: config.platformMailPerDay ?? DEFAULT_PLATFORM_MAIL_PER_DAY,
      createGateway,
      ...(config.publicUrl === undefined
        ? {}
        : { payLink: payLinksOf({ encryptionKey: config.encryptionKey, publicUrl: config.publicUrl }) }),
    },
  };
}

function withActivityInterceptors(
  interceptors: ReturnType<typeof tracingWorkerInterceptors>,
  more: ActivityInterceptorsFactory[],
): ReturnType<typeof tracingWorkerInterceptors> {
  return { ...interceptors, activity: [...(interceptors.activity ?? []), ...more] };
}

/** Connects to `config.temporal.address` and creates (does not run) a worker on `config.temporal.taskQueue`. */
export async function createWorker(options: CreateWorkerOptions): Promise<WorkerHandle> {
  const { config, logger } = options;
  if (config.temporal.workerMaxCachedWorkflows === 0) {
    // A test clock's workflows run local activities, which need their workflow kept between activations.
    logger.warn(
      'TEMPORAL_WORKER_MAX_CACHED_WORKFLOWS=0: this worker cannot run the workflows of customers on a test clock',
    );
  }
  const connection = await NativeConnection.connect({ address: config.temporal.address });
  try {
    const worker = await Worker.create({
      connection,
      namespace: config.temporal.namespace,
      taskQueue: config.temporal.taskQueue,
      workflowBundle:
        options.workflowBundle ??
        (await workerWorkflowBundle(config.temporal.workflowBundlePath, { traced: activeTracing() !== null })),
      activities:
        options.activities ??
        createActivities({
          logger,
          orm: options.orm,
          config: { webhookAllowPrivateTargets: config.webhookAllowPrivateTargets ?? false },
          ...paymentDependencies(config),
          ...collectionDependencies(config),
          ...(options.usageTally === undefined ? {} : { usageTally: options.usageTally }),
        }),
      // Activities continue their workflow's trace (and are counted when metrics are asked for); workflow spans
      // leave the sandbox through the sink.
      interceptors: withActivityInterceptors(tracingWorkerInterceptors(), options.activityInterceptors ?? []),
      sinks: workflowSpanSinks(),
      // In-flight activities get this long to finish on shutdown before they are cancelled.
      shutdownGraceTime: '10 seconds',
      maxCachedWorkflows: config.temporal.workerMaxCachedWorkflows,
    });
    return { worker, connection, close: () => connection.close() };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
