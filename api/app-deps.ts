import { Client, Connection } from '@temporalio/client';
import type { Clock } from '../domain/clock';
import type { Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import type { Mailer } from '../infra/mail';
import type { SubscriptionWorkflowStarter } from '../services/subscriptions';
import type { HealthCheck } from './routes/health/health-check';

/** How the API reaches Temporal: it starts and updates workflows; workers run them. */
export interface ApiTemporal {
  client: Client;
  /** The workers' task queue, where the API starts workflows. */
  taskQueue: string;
  /** Replaces the Temporal start of subscription workflows (tests inject a failing one to exercise the repair). */
  startSubscriptionWorkflow?: SubscriptionWorkflowStarter;
}

/** Everything the API needs from outside; no module-level state, so tests build as many apps as they like. */
export interface AppDeps {
  config: Config;
  logger: Logger;
  /** One pool for every tenant; each request forks it with its tenant's schema. */
  orm: Orm;
  /** The platform's mail (password reset), through SMTP_URL. */
  mailer: Mailer;
  healthChecks: readonly HealthCheck[];
  version: string;
  /** Business time for every route (the wall clock in production; tests may fix it). */
  clock: Clock;
  /** Absent in apps built without Temporal (some tests): the routes that need it answer 503. */
  temporal?: ApiTemporal;
}

/**
 * A client whose connection opens on first use: the API boots while Temporal is down, and a request that needs it
 * then fails (503) instead of the process. Keeps the SDK's retry interceptor, which suits workflow calls.
 */
export function lazyTemporal(config: Pick<Config, 'temporal'>): ApiTemporal {
  const connection = Connection.lazy({ address: config.temporal.address });
  return {
    client: new Client({ connection, namespace: config.temporal.namespace }),
    taskQueue: config.temporal.taskQueue,
  };
}
