import { ensureInvoiceCheckout } from '../../../services/payments/checkout';
import {
  temporalPastDueSignaller,
  type InvoiceEmailDeps,
  type PastDueDeps,
} from '../../../services/payments/collections';
import { createGateway } from '../../../services/payments/gateways';
import type { Logger } from '../../../infra/logger';
import type { AppDeps } from '../../app-deps';

/** What invoice e-mails need from the app: the platform mailer, and checkout links through H3a's use case. */
export function invoiceEmailDeps(deps: AppDeps): InvoiceEmailDeps {
  const checkoutDeps = {
    config: deps.config,
    clock: deps.clock,
    temporal: deps.temporal,
    createGateway,
    orm: deps.orm,
  };
  return {
    orm: deps.orm,
    config: deps.config,
    platformMailer: deps.mailer,
    platformMailPerDay: deps.config.platformMailPerDay,
    logger: deps.logger,
    checkoutLink: async (input) => (await ensureInvoiceCheckout(checkoutDeps, input))?.checkoutUrl ?? null,
  };
}

/** Past-due signals go through the app's Temporal client; an app without Temporal (some tests) sends none. */
export function pastDueDeps(deps: AppDeps): PastDueDeps & { logger: Logger } {
  const temporal = deps.temporal;
  return {
    orm: deps.orm,
    clock: deps.clock,
    logger: deps.logger,
    signalPastDue:
      temporal === undefined
        ? () => Promise.reject(new Error('this app runs without Temporal'))
        : temporalPastDueSignaller(temporal.client),
  };
}
