import type { Clock } from '../../../domain/clock';
import type { Config } from '../../../infra/config';
import type { GatewayOptions, PaymentGateway } from '../gateways';
import {
  findPaymentProvider,
  openCredentials,
  type PaymentProviderRecord,
  type PaymentProviderSql,
  type ProviderCredentials,
} from '../providers';

/** Builds a provider's gateway from its credentials (`createGateway` of services/payments/gateways; tests fake it). */
export type GatewayFactory = (provider: ProviderCredentials, options: GatewayOptions) => PaymentGateway;

/** What opening a tenant's provider needs: the key its credentials are sealed with and the outbound policy. */
export interface GatewayAccess {
  config: Pick<Config, 'encryptionKey' | 'webhookAllowPrivateTargets'>;
  createGateway: GatewayFactory;
  /** Technical time for the adapters (signature windows, token expiry), not business time. */
  clock: Clock;
}

/** The tenant's provider configuration as a gateway: credentials opened in memory only, for this call. */
export function gatewayOf(
  sql: PaymentProviderSql,
  access: GatewayAccess,
  record: PaymentProviderRecord,
): PaymentGateway {
  const credentials = openCredentials(record, {
    tenantId: sql.tenantId,
    providerId: record.id,
    encryptionKey: access.config.encryptionKey,
  });
  return access.createGateway({ provider: record.provider, credentials } as ProviderCredentials, {
    apiBaseUrl: record.apiBaseUrl,
    allowPrivateTargets: access.config.webhookAllowPrivateTargets,
    clock: access.clock,
  });
}

/** The gateway of the configuration a payment was made with; undefined when that configuration was deleted. */
export async function gatewayOfProvider(
  sql: PaymentProviderSql,
  access: GatewayAccess,
  providerId: string,
): Promise<PaymentGateway | undefined> {
  const record = await findPaymentProvider(sql, providerId);
  return record === undefined ? undefined : gatewayOf(sql, access, record);
}
