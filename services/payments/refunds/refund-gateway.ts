import type { Config } from '../../../infra/config';
import { AppError, conflict } from '../../platform/errors';
import { GatewayError, gatewayForPayment, type GatewayAccess, type PaymentGateway } from '../gateways';
import { mpesaCallbackToken, type PaymentRecord } from '../records';
import type { RefundSql } from './refund-records';

export type RefundConfig = Pick<Config, 'encryptionKey' | 'apiPublicUrl' | 'webhookAllowPrivateTargets'>;

export interface RefundGatewayDeps extends GatewayAccess {
  sql: RefundSql;
  config: RefundConfig;
}

/** A provider payment's refund channel: its adapter and the captured payment's id the refund names. */
export interface RefundChannel {
  gateway: PaymentGateway;
  providerReference: string;
}

/**
 * The adapter of the configuration that took the payment (`payments.provider_id`), with its credentials opened.
 * Checked before any refund row is written, so a payment that cannot be refunded through its provider (the
 * configuration was deleted, no captured payment id was recorded, its credentials no longer open: reported in that
 * order) is a 409 that holds nothing of the cap.
 */
export async function refundChannelOf(deps: RefundGatewayDeps, payment: PaymentRecord): Promise<RefundChannel> {
  let opening;
  try {
    opening = await gatewayForPayment(deps.sql, deps, payment);
  } catch (error) {
    // An adapter that cannot be built (a provider without refunds here) is the provider's side failing (502).
    if (error instanceof GatewayError) throw new AppError('unavailable', 'payment_provider_error', error.message);
    throw error;
  }
  if (!opening.ok && opening.error === 'not_configured') {
    throw conflict(
      'payment_provider_not_configured',
      `The ${payment.provider} configuration that took payment ${payment.id} no longer exists; refund it in the ` +
        'provider’s dashboard',
    );
  }
  if (payment.providerReference === null) {
    throw conflict('payment_not_refundable', `${payment.provider} never reported the captured payment ${payment.id}`);
  }
  if (!opening.ok) {
    throw conflict(
      'payment_provider_credentials_unreadable',
      'The stored credentials can no longer be decrypted; send them again with PATCH /payment-providers/:id',
    );
  }
  return { gateway: opening.gateway, providerReference: payment.providerReference };
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
