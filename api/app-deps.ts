import type { Clock } from '../domain/clock';
import type { Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import type { Mailer } from '../infra/mail';
import { lazyWorkflowClient } from '../infra/temporal/workflow-client';
import { createApiKeyAuthenticator, type ApiKeyAuthenticator } from '../services/platform/api-keys';
import type { SubscriptionTemporal } from '../services/billing/subscriptions';
import type { TestClockAdvancer } from '../services/catalog/test-clocks';
import type { WorkflowStopper } from '../services/test-clocks/clock-deletion';
import { createRequestCounts, type RequestCounts } from '../services/platform/tenants';
import type { HealthCheck } from './routes/health/health-check';

/** How the API reaches Temporal: it starts and updates workflows; workers run them. */
export interface ApiTemporal extends SubscriptionTemporal {
  /** Replaces the Temporal test-clock advancer (route tests record the advances instead of running the workflow). */
  testClockAdvancer?: TestClockAdvancer;
  /** Replaces the Temporal termination of a deleted test clock's customers' workflows (route tests record it). */
  workflowStopper?: WorkflowStopper;
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
  /** This process's API-key authentication, with its short cache (revocation reaches every process within 5 s). */
  apiKeyAuthenticator: ApiKeyAuthenticator;
  /** This process's tally of authenticated requests, flushed every 5 s; whoever builds it stops it at shutdown. */
  requestCounts: RequestCounts;
}

/** The state one API process keeps on its request path (issue 15); `requestCounts.stop()` at shutdown. */
export type RequestPathState = Pick<AppDeps, 'apiKeyAuthenticator' | 'requestCounts'>;

export function createRequestPathState(
  deps: Pick<AppDeps, 'orm' | 'logger'>,
  options: { requestCountFlushMs?: number } = {},
): RequestPathState {
  return {
    apiKeyAuthenticator: createApiKeyAuthenticator({ orm: deps.orm }),
    requestCounts: createRequestCounts({
      orm: deps.orm,
      logger: deps.logger,
      ...(options.requestCountFlushMs === undefined ? {} : { flushIntervalMs: options.requestCountFlushMs }),
    }),
  };
}

/** The API's Temporal access: a lazily connecting client (see `lazyWorkflowClient`). */
export function lazyTemporal(config: Pick<Config, 'temporal'>): ApiTemporal {
  return lazyWorkflowClient(config);
}
