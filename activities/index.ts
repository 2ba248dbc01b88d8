import type { Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import { createDiagnosticsActivities } from './diagnostics/diagnostics.activities';
import { createSubscriptionActivities } from './subscriptions/subscription.activities';
import { createWebhookActivities } from './webhooks/webhook.activities';

/** Everything the activities need from the process; the worker builds it once at start-up. */
export interface ActivityDependencies {
  logger: Logger;
  orm: Orm;
  /** Absent (tests of other groups): private webhook targets are refused, the production default. */
  config?: Pick<Config, 'webhookAllowPrivateTargets'>;
}

/** Merges the activity groups; each group is built by its own factory from the dependencies it needs. */
export function createActivities(dependencies: ActivityDependencies) {
  return {
    ...createDiagnosticsActivities({ logger: dependencies.logger.child({ activities: 'diagnostics' }) }),
    ...createSubscriptionActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'subscriptions' }),
    }),
    ...createWebhookActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'webhooks' }),
      config: dependencies.config ?? { webhookAllowPrivateTargets: false },
    }),
  };
}

/** The activity interface workflows proxy (`proxyActivities<Activities>`); tests fake it with the same type. */
export type Activities = ReturnType<typeof createActivities>;
