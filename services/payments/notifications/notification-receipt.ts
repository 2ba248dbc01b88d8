import type { ProviderKind } from '../../../domain/payments';
import type { Orm } from '../../../infra/db/orm';
import { sqlOf } from '../../../infra/db/sql';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import type { Logger } from '../../../infra/logger';
import { unauthenticated } from '../../platform/errors';
import { gatewayForPayment, type GatewayAccess, type InboundNotification, type ParsedNotification } from '../gateways';
import type { CredentialsByProvider, ProviderCredentials } from '../providers';
import { findPayment, type PaymentRecord } from '../records';
import { paymentEventRetentionStart } from './payment-event-list';
import { insertPaymentEvent, purgePaymentEvents } from './payment-event-store';
import { findPaymentReference, type PaymentReference } from './payment-references';
import { payloadOf, signalOf } from './notification-copies';
import type { PaymentNotificationSignaller } from './payment-signaller';

/** `config`: the key that opens the tenant's sealed provider credentials, and the outbound policy for its gateway. */
export interface NotificationReceiptDeps extends GatewayAccess {
  orm: Orm;
  logger: Logger;
  signal: PaymentNotificationSignaller;
}

export type NotificationReceipt =
  | { outcome: 'unknown_reference' }
  | { outcome: 'repeated' | 'stored'; tenantId: string; paymentId: string; eventId: string; signalled: boolean };

// Per stored notification of the tenant: each new event removes up to 100 expired ones, so the expired backlog only
// shrinks, and one statement stays small however long a tenant went without notifications.
const PURGE_BATCH = 100;

// referenceOf reads the body only (no secret); a gateway is built just to ask it, before any tenant is known.
const NO_CREDENTIALS: { [K in ProviderKind]: CredentialsByProvider[K] } = {
  STRIPE: { secretKey: '', webhookSecret: '' },
  PAYSTACK: { secretKey: '' },
  FLUTTERWAVE: { secretKey: '', secretHash: '' },
  MPESA: { consumerKey: '', consumerSecret: '', shortcode: '', passkey: '', environment: 'sandbox' },
  SANDBOX: { secretKey: '', webhookSecret: '' },
};

export const invalidSignature = () =>
  unauthenticated('invalid_signature', 'The notification is not signed by the provider configured for its payment');

/**
 * One inbound provider notification (CONTRACT §11, "Inbound order"): our reference read from the unverified body →
 * the tenant and payment from the central reference table (unknown: no effect) → the signature checked with that
 * tenant's secret for that payment (401, nothing stored, when it fails) → the event stored once by its provider id
 * (a repeat: no effect) → the payment workflow signalled. The work itself happens in the workflow.
 */
export async function receiveProviderNotification(
  deps: NotificationReceiptDeps,
  provider: ProviderKind,
  notification: InboundNotification,
): Promise<NotificationReceipt> {
  const unsigned = { provider, credentials: NO_CREDENTIALS[provider] } as ProviderCredentials;
  const reference = deps
    .createGateway(unsigned, {
      apiBaseUrl: null,
      allowPrivateTargets: deps.config.webhookAllowPrivateTargets,
      clock: deps.clock,
    })
    .referenceOf(notification);
  const target = reference === null ? undefined : await findPaymentReference(sqlOf(deps.orm), reference);
  // A reference given to another provider names no payment of this one.
  if (reference === null || target === undefined || target.provider !== provider) {
    return { outcome: 'unknown_reference' };
  }
  const sql = tenantSql(deps.orm, target.tenantId);
  const payment = await findPayment(sql, target.paymentId);
  if (payment === undefined) return { outcome: 'unknown_reference' };
  const parsed = await verifySignature(deps, { sql, payment, notification });
  // The signed body must name the payment whose secret checked it: another tenant's payment was not verified.
  if (parsed === null || (parsed.reference !== null && parsed.reference !== reference)) throw invalidSignature();
  return recordAndSignal(deps, { sql, target, customerId: payment.customerId, parsed, notification });
}

/**
 * The provider's check with the configuration the payment was made through (the payment's provider, which is the
 * route's: its reference row says so); no configuration, no verification.
 */
async function verifySignature(
  deps: NotificationReceiptDeps,
  request: { sql: TenantSql; payment: PaymentRecord; notification: InboundNotification },
): Promise<ParsedNotification | null> {
  const { payment } = request;
  const opening = await gatewayForPayment(request.sql, deps, payment);
  if (!opening.ok) {
    if (opening.error === 'credentials_unreadable') {
      // ENCRYPTION_KEY changed or the blob was tampered with: nothing can be verified until the tenant re-enters them.
      const failure = { err: opening.cause, providerId: opening.configuration.id };
      deps.logger.error(failure, 'provider credentials do not open');
    }
    return null;
  }
  return opening.gateway.verifyNotification(request.notification, {
    credentials: opening.provider.credentials as unknown as Record<string, string>,
    callbackTokenHash: payment.callbackTokenHash,
  });
}

/**
 * The event row and the signal go together: the row is inserted in a transaction that commits only once the
 * workflow has the signal. A signal that fails rolls the row back (503), so the provider's retry is not taken for a
 * repeat; a concurrent copy of the same event waits on the row and, once it commits, is a repeat. A crash between
 * the signal and the commit leaves no row: the retry signals again, which the workflow tolerates (it applies nothing
 * twice). Events that change nothing ('ignored' kinds) are stored for support and not signalled.
 */
async function recordAndSignal(
  deps: NotificationReceiptDeps,
  request: {
    sql: TenantSql;
    target: PaymentReference;
    customerId: string;
    parsed: ParsedNotification;
    notification: InboundNotification;
  },
): Promise<NotificationReceipt> {
  const { sql, target, parsed, notification } = request;
  const signal = signalOf(parsed, notification.receivedAt);
  const workflow = { tenantId: target.tenantId, paymentId: target.paymentId };
  const stored = await sql.transactional(async (transaction) => {
    const inserted = await insertPaymentEvent(sql, transaction, {
      provider: target.provider,
      eventId: parsed.eventId,
      paymentId: target.paymentId,
      type: parsed.type,
      payload: payloadOf(notification.rawBody),
      receivedAt: notification.receivedAt,
    });
    if (inserted && signal !== null) await deps.signal({ ...workflow, customerId: request.customerId }, signal);
    return inserted;
  });
  if (stored) await purgeExpired(deps, sql, notification.receivedAt);
  return {
    outcome: stored ? 'stored' : 'repeated',
    ...workflow,
    eventId: parsed.eventId,
    signalled: stored && signal !== null,
  };
}

/**
 * The 90-day retention, done where events arrive: each stored notification deletes up to PURGE_BATCH of its
 * tenant's events past the retention. It must never cost the provider its answer, so a failure is only logged.
 */
async function purgeExpired(deps: NotificationReceiptDeps, sql: TenantSql, now: Date): Promise<void> {
  try {
    await purgePaymentEvents(sql, {
      before: paymentEventRetentionStart(now),
      limit: PURGE_BATCH,
    });
  } catch (error) {
    deps.logger.warn({ err: error, tenantId: sql.tenantId }, 'payment event purge failed');
  }
}
