import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Orm } from '../../infra/db/orm';
import type { Logger } from '../../infra/logger';
import { MailNotConfiguredError, type Mailer } from '../../infra/mail';
import { wallClock } from '../../infra/wall-clock';
import { ensureInvoiceCheckout } from '../../services/payments/checkout';
import type { PayLink } from '../../services/payments/documents';
import type { GatewayFactory } from '../../services/payments/gateways';
import {
  cancelUnpaidSubscription,
  findDunningState,
  reconcileStandingAtDueDate,
  sendInvoiceEmail,
  temporalPastDueSignaller,
  writeOffInvoice,
} from '../../services/payments/collections';
import { AppError, RetryLaterError } from '../../services/platform/errors';
import type { SmtpTestConfig } from '../../services/platform/tenants';
import type { DunningInvoiceState } from '../../workflows/collections/messages';
import type { PastDueMessage } from '../../workflows/subscriptions/messages';

export interface CollectionActivityDependencies {
  orm: Orm;
  logger: Logger;
  /** The tenant SMTP checks (outbound policy, sealed password) and the provider credentials' key. */
  config: SmtpTestConfig;
  /** The platform's mailer (SMTP_URL), for tenants without SMTP settings. */
  platformMailer: Mailer;
  /** PLATFORM_MAIL_PER_DAY: reminders through `platformMailer` count against the tenant's day. */
  platformMailPerDay: number;
  /** Opens a tenant's payment provider for the reminders' checkout links. */
  createGateway: GatewayFactory;
  /** The pay link the attached PDF prints (PUBLIC_URL's); absent: a worker without PUBLIC_URL prints none. */
  payLink?: PayLink;
}

/** The Temporal access of an activity: the worker's own client and task queue. */
const workerTemporal = () => ({ client: Context.current().client, taskQueue: Context.current().info.taskQueue });

/** The side effects of the dunning workflow (CONTRACT §12); each reads the invoice afresh and is safe to repeat. */
export function createCollectionActivities(deps: CollectionActivityDependencies) {
  const { orm, logger } = deps;
  const checkoutLink = async (input: { tenantId: string; invoiceId: string }): Promise<string | null> => {
    const access = { config: deps.config, createGateway: deps.createGateway, clock: wallClock };
    const checkout = await ensureInvoiceCheckout({ ...access, orm, temporal: workerTemporal() }, input);
    return checkout?.checkoutUrl ?? null;
  };
  const emailDeps = {
    orm,
    config: deps.config,
    platformMailer: deps.platformMailer,
    platformMailPerDay: deps.platformMailPerDay,
    checkoutLink,
    payLink: deps.payLink ?? (() => null),
    logger,
  };
  return {
    async readDunningInvoice(input: { tenantId: string; invoiceId: string }): Promise<DunningInvoiceState | null> {
      return (await findDunningState(orm, input)) ?? null;
    },

    /** PAST_DUE or ACTIVE as the subscription's invoices say at `now` (the workflow's time); null: left alone. */
    async reconcileSubscriptionPastDue(input: {
      tenantId: string;
      subscriptionId: string;
      now: string;
    }): Promise<boolean | null> {
      const signalPastDue = temporalPastDueSignaller(Context.current().client);
      const pastDue = await reconcileStandingAtDueDate({ orm, signalPastDue }, { ...input, now: new Date(input.now) });
      return pastDue ?? null;
    },

    /**
     * The same on a test clock's advance: the signal carries `message` (the subscription applies it at the ladder's
     * time and acknowledges it); `delivered` says whether a running workflow received it, so the ladder waits for
     * the acknowledgement before it reports to the clock.
     */
    async reconcileSubscriptionPastDueOnClock(input: {
      tenantId: string;
      subscriptionId: string;
      message: PastDueMessage;
    }): Promise<{ pastDue: boolean | null; delivered: boolean }> {
      let delivered = false;
      const onDelivered = (sent: boolean): void => {
        delivered = sent;
      };
      const signalPastDue = temporalPastDueSignaller(Context.current().client, { message: input.message, onDelivered });
      const target = { tenantId: input.tenantId, subscriptionId: input.subscriptionId };
      const pastDue = await reconcileStandingAtDueDate(
        { orm, signalPastDue },
        { ...target, now: new Date(input.message.at) },
      );
      return { pastDue: pastDue ?? null, delivered };
    },

    /**
     * A reminder e-mail with the checkout link; 'refused' when the invoice may no longer be sent, 'skipped' when the
     * tenant's day of mail through the platform's server is spent or no mail server exists (neither is retried: the
     * next reminder day comes).
     */
    async sendDunningReminder(input: { tenantId: string; invoiceId: string }): Promise<'sent' | 'refused' | 'skipped'> {
      try {
        await sendInvoiceEmail(emailDeps, { ...input, kind: 'reminder' });
        return 'sent';
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_state_transition') return 'refused';
        if (error instanceof RetryLaterError) {
          logger.warn({ ...input, reason: error.code }, 'dunning reminder skipped: platform mail limit reached');
          return 'skipped';
        }
        // No mail server at all (a development stack, a test clock's run): retrying cannot help, and the ladder must
        // not wait on it.
        if (error instanceof AppError && error.cause instanceof MailNotConfiguredError) {
          logger.warn({ ...input }, 'dunning reminder skipped: no SMTP server configured');
          return 'skipped';
        }
        // An SMTP refusal is retried by the activity's policy; the workflow goes on without it when that is spent.
        if (error instanceof AppError) throw ApplicationFailure.retryable(error.message, error.code);
        throw error;
      }
    },

    async markInvoiceUncollectible(input: {
      tenantId: string;
      invoiceId: string;
      /** Sent by a ladder on a test clock (the clock's time); absent: the wall clock. */
      now?: string;
    }): Promise<DunningInvoiceState['status'] | null> {
      // The instant decides only the standing, which a write-off never moves (OPEN and UNCOLLECTIBLE are both
      // overdue past the due date): an ordinary workflow need not send its own.
      const now = input.now === undefined ? wallClock.now() : new Date(input.now);
      return (await writeOffInvoice(orm, { tenantId: input.tenantId, invoiceId: input.invoiceId, now })) ?? null;
    },

    async cancelSubscriptionForDunning(input: {
      tenantId: string;
      subscriptionId: string;
      /** Sent by a ladder on a test clock: the clock time of the write-off; absent: the subscription's own time. */
      at?: string;
    }): Promise<'canceled' | 'already_ended'> {
      return cancelUnpaidSubscription({ orm, temporal: workerTemporal() }, input);
    },
  };
}
