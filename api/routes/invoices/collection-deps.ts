import { ensureInvoiceCheckout } from '../../../services/payments/checkout';
import type { InvoiceEmailDeps } from '../../../services/payments/collections';
import { createGateway } from '../../../services/payments/gateways';
import { payLinksOf } from '../../../services/portal/sessions';
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
    payLink: payLinksOf(deps.config),
    checkoutLink: async (input) => (await ensureInvoiceCheckout(checkoutDeps, input))?.checkoutUrl ?? null,
  };
}
