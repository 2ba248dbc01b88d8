import type { Clock } from '../../../domain/clock';
import type { Config } from '../../../infra/config';
import { AppError, conflict } from '../../platform/errors';
import { GatewayError, type GatewayOptions, type PaymentGateway } from '../gateways';
import { findPaymentProvider, openCredentials, type ProviderCredentials } from '../providers';
import { mpesaCallbackToken, type PaymentRecord } from '../records';
import type { RefundSql } from './refund-records';

/** Builds a provider's adapter: `createGateway` of services/payments/gateways in production, a stand-in in tests. */
export type GatewayFactory = (provider: ProviderCredentials, options: GatewayOptions) => PaymentGateway;

export type RefundConfig = Pick<Config, 'encryptionKey' | 'apiPublicUrl' | 'webhookAllowPrivateTargets'>;

export interface RefundGatewayDeps {
  sql: RefundSql;
  config: RefundConfig;
  clock: Clock;
  createGateway: GatewayFactory;
}

/** A provider payment's refund channel: its adapter and the captured payment's id the refund names. */
export interface RefundChannel {
  gateway: PaymentGateway;
  providerReference: string;
}

/**
 * The adapter of the configuration that took the payment (`payments.provider_id`), with its credentials opened.
 * Checked before any refund row is written, so a payment that cannot be refunded through its provider (the
 * configuration was deleted, its credentials no longer open, no captured payment id was recorded) is a 409 that
 * holds nothing of the cap.
 */
export async function refundChannelOf(deps: RefundGatewayDeps, payment: PaymentRecord): Promise<RefundChannel> {
  const configuration =
    payment.providerId === null ? undefined : await findPaymentProvider(deps.sql, payment.providerId);
  if (configuration === undefined || configuration.provider !== payment.provider) {
    throw conflict(
      'payment_provider_not_configured',
      `The ${payment.provider} configuration that took payment ${payment.id} no longer exists; refund it in the ` +
        'provider’s dashboard',
    );
  }
  if (payment.providerReference === null) {
    throw conflict('payment_not_refundable', `${payment.provider} never reported the captured payment ${payment.id}`);
  }
  let provider: ProviderCredentials;
  try {
    const owner = {
      tenantId: deps.sql.tenantId,
      providerId: configuration.id,
      encryptionKey: deps.config.encryptionKey,
    };
    provider = {
      provider: configuration.provider,
      credentials: openCredentials(configuration, owner),
    } as ProviderCredentials;
  } catch {
    throw conflict(
      'payment_provider_credentials_unreadable',
      'The stored credentials can no longer be decrypted; send them again with PATCH /payment-providers/:id',
    );
  }
  const options = {
    apiBaseUrl: configuration.apiBaseUrl,
    allowPrivateTargets: deps.config.webhookAllowPrivateTargets,
    clock: deps.clock,
  };
  try {
    return { gateway: deps.createGateway(provider, options), providerReference: payment.providerReference };
  } catch (error) {
    // An adapter that cannot be built (a provider without refunds here) is the provider's side failing (502).
    if (error instanceof GatewayError) throw new AppError('unavailable', 'payment_provider_error', error.message);
    throw error;
  }
}

/**
 * Where an asynchronous refund result is posted (the M-Pesa reversal's ResultURL): the inbound M-Pesa route with our
 * references and the payment's callback token, since Daraja signs nothing (CONTRACT §11).
 */
export function refundCallbackUrl(
  config: RefundConfig,
  refund: { tenantId: string; paymentId: string; refundId: string },
): string {
  const query = new URLSearchParams({
    reference: refund.paymentId,
    refund: refund.refundId,
    token: mpesaCallbackToken(config.encryptionKey, refund.tenantId, refund.paymentId),
  });
  return `${config.apiPublicUrl}/api/webhooks/mpesa?${query.toString()}`;
}
