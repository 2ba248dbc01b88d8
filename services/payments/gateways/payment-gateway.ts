import type { Clock } from '../../../domain/clock';
import type { Config } from '../../../infra/config';
import {
  findPaymentProvider,
  openCredentials,
  type PaymentProviderRecord,
  type PaymentProviderSql,
  type ProviderCredentials,
} from '../providers';
import type { PaymentRecord } from '../records';
import type { PaymentGateway } from './gateway';
import type { GatewayFactory } from './gateway-factory';

/** What opening a tenant's provider needs: the key its credentials are sealed with and the outbound policy. */
export interface GatewayAccess {
  config: Pick<Config, 'encryptionKey' | 'webhookAllowPrivateTargets' | 'apiPublicUrl'>;
  createGateway: GatewayFactory;
  /** Technical time for the adapters (signature windows, token expiry), not business time. */
  clock: Clock;
}

/**
 * The gateway of a stored payment, or why it has none: `not_configured` when the configuration that took it
 * (`payments.provider_id`) is gone (or is not of the payment's provider), `credentials_unreadable` when its sealed
 * credentials do not open (`cause`: the error, from another ENCRYPTION_KEY or a tampered blob). Each caller decides
 * what either means for it: a refused checkout, a pending verification, an unverifiable notification, a 409 refund.
 */
export type PaymentGatewayOpening =
  | { ok: true; gateway: PaymentGateway; provider: ProviderCredentials; configuration: PaymentProviderRecord }
  | { ok: false; error: 'not_configured' }
  | { ok: false; error: 'credentials_unreadable'; configuration: PaymentProviderRecord; cause: unknown };

/**
 * The adapter of the configuration a payment was made through, with its credentials opened in memory only, for this
 * call (so a secret rotated with PATCH counts at once). An adapter that cannot be built throws as `createGateway` does.
 */
export async function gatewayForPayment(
  sql: PaymentProviderSql,
  access: GatewayAccess,
  payment: Pick<PaymentRecord, 'provider' | 'providerId'>,
): Promise<PaymentGatewayOpening> {
  const configuration = payment.providerId === null ? undefined : await findPaymentProvider(sql, payment.providerId);
  if (configuration === undefined || configuration.provider !== payment.provider) {
    return { ok: false, error: 'not_configured' };
  }
  let provider: ProviderCredentials;
  try {
    const credentials = openCredentials(configuration, {
      tenantId: sql.tenantId,
      providerId: configuration.id,
      encryptionKey: access.config.encryptionKey,
    });
    provider = { provider: configuration.provider, credentials } as ProviderCredentials;
  } catch (cause) {
    return { ok: false, error: 'credentials_unreadable', configuration, cause };
  }
  const gateway = access.createGateway(provider, {
    apiBaseUrl: configuration.apiBaseUrl,
    allowPrivateTargets: access.config.webhookAllowPrivateTargets,
    clock: access.clock,
    platformUrl: access.config.apiPublicUrl,
  });
  return { ok: true, gateway, provider, configuration };
}
