import { DEFAULT_PLATFORM_MAIL_PER_DAY, type Config } from '../infra/config';
import type { Orm } from '../infra/db/orm';
import type { Logger } from '../infra/logger';
import { createUnconfiguredMailer } from '../infra/mail';
import { createCollectionActivities, type CollectionActivityDependencies } from './collections/collection.activities';
import { createDiagnosticsActivities } from './diagnostics/diagnostics.activities';
import { createPaymentEventActivities } from './payments/payment-event.activities';
import { createPaymentActivities, type PaymentActivityDependencies } from './payments/payment.activities';
import { createSubscriptionActivities } from './subscriptions/subscription.activities';
import { createTestClockActivities } from './test-clocks/test-clock.activities';
import { createWalletActivities } from './wallets/wallet.activities';
import { createWebhookActivities } from './webhooks/webhook.activities';
import type { PastDueSignaller } from '../services/payments/collections';
import type { UsageTally } from '../services/metering/aggregation';
import { listeningToStanding } from './standing-listening';
import { listeningToWalletWakes } from './wallet-wake-listening';

/** Everything the activities need from the process; the worker builds it once at start-up. */
export interface ActivityDependencies {
  logger: Logger;
  orm: Orm;
  /** Absent (tests of other groups): private webhook targets are refused, the production default. */
  config?: Pick<Config, 'webhookAllowPrivateTargets'>;
  /** The payment workflow's needs (sealed credentials' key, callback origin, the gateways); absent: unconfigured. */
  payments?: Omit<PaymentActivityDependencies, 'orm' | 'logger'>;
  /** Dunning's needs (mail, checkout links); absent: no platform mailer, the payments' gateways and key if any. */
  collections?: Omit<CollectionActivityDependencies, 'orm' | 'logger'>;
  /** Tells a subscription's workflow its past-due standing; absent: through the activity's Temporal client. */
  signalPastDue?: PastDueSignaller;
  /**
   * The running aggregates of open periods' usage the wallet balance checks price from: the worker shares its usage
   * loop's (`sharingEntries`); absent, the wallet activities keep their own.
   */
  usageTally?: UsageTally;
}

/** Dunning activities of a worker built without their dependencies (tests of other groups). */
function defaultCollections(
  dependencies: ActivityDependencies,
): Omit<CollectionActivityDependencies, 'orm' | 'logger'> {
  const payments = dependencies.payments ?? UNCONFIGURED_PAYMENTS;
  return {
    config: {
      encryptionKey: payments.config.encryptionKey,
      webhookAllowPrivateTargets: dependencies.config?.webhookAllowPrivateTargets ?? false,
      smtpAllowInsecureAuth: false,
    },
    platformMailer: createUnconfiguredMailer(),
    platformMailPerDay: DEFAULT_PLATFORM_MAIL_PER_DAY,
    createGateway: payments.createGateway,
  };
}

/** Payment activities of a worker built without payments (tests of other groups): any use of one fails loudly. */
const UNCONFIGURED_PAYMENTS: Omit<PaymentActivityDependencies, 'orm' | 'logger'> = {
  config: { encryptionKey: Buffer.alloc(32), webhookAllowPrivateTargets: false, apiPublicUrl: 'http://localhost' },
  createGateway: () => {
    throw new Error('this worker was built without payment dependencies (ActivityDependencies.payments)');
  },
};

/**
 * Merges the activity groups, each built by its own factory from the dependencies it needs, and runs every activity
 * under the standing listener (`listeningToStanding`) and the wallet wake sender (`listeningToWalletWakes`).
 */
export function createActivities(dependencies: ActivityDependencies) {
  const standing = {
    orm: dependencies.orm,
    logger: dependencies.logger.child({ activities: 'standing' }),
    ...(dependencies.signalPastDue === undefined ? {} : { signalPastDue: dependencies.signalPastDue }),
  };
  const wakes = { logger: dependencies.logger.child({ activities: 'wallet-wakes' }) };
  return listeningToWalletWakes(listeningToStanding(groups(dependencies), standing), wakes);
}

function groups(dependencies: ActivityDependencies) {
  return {
    ...createDiagnosticsActivities({ logger: dependencies.logger.child({ activities: 'diagnostics' }) }),
    ...createSubscriptionActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'subscriptions' }),
    }),
    ...createPaymentActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'payments' }),
      ...(dependencies.payments ?? UNCONFIGURED_PAYMENTS),
    }),
    ...createPaymentEventActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'payment-events' }),
    }),
    ...createCollectionActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'collections' }),
      ...(dependencies.collections ?? defaultCollections(dependencies)),
    }),
    ...createWalletActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'wallets' }),
      config: { encryptionKey: (dependencies.payments ?? UNCONFIGURED_PAYMENTS).config.encryptionKey },
      ...(dependencies.usageTally === undefined ? {} : { usageTally: dependencies.usageTally }),
    }),
    ...createTestClockActivities({
      orm: dependencies.orm,
      logger: dependencies.logger.child({ activities: 'test-clocks' }),
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
