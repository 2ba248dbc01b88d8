import type { Clock } from '../../../domain/clock';
import { conflict, notFound, unavailable, type AppError } from '../../platform/errors';
import { testProviderConnection } from './connection-test';
import { openCredentials, type CredentialsOwner, type ProviderCredentials } from './credentials';
import type { ProviderPendingWork } from './pending-work-port';
import {
  deleteUnusedPaymentProvider,
  findPaymentProvider,
  insertPaymentProvider,
  updatePaymentProvider,
  type PaymentProviderRecord,
  type PaymentProviderSql,
} from './payment-provider-store';
import {
  checkApiBaseUrl,
  valuesForCreate,
  valuesForUpdate,
  type CredentialsCheck,
  type NewPaymentProviderInput,
  type PaymentProviderChangeInput,
  type ProviderChangeConfig,
} from './provider-change';

export interface ProviderConfigurationDeps {
  sql: PaymentProviderSql;
  config: ProviderChangeConfig;
}

export const paymentProviderNotFound = (id: string): AppError =>
  notFound('payment_provider_not_found', `Payment provider ${id} not found`);

/** Stores a new configuration, its credentials sealed; one configuration per provider. */
export async function configurePaymentProvider(
  deps: ProviderConfigurationDeps,
  input: NewPaymentProviderInput,
): Promise<PaymentProviderRecord> {
  const result = await insertPaymentProvider(
    deps.sql,
    await valuesForCreate(input, { tenantId: deps.sql.tenantId, config: deps.config }),
  );
  if (!result.ok) {
    throw conflict('payment_provider_exists', `${input.provider} is already configured; update it with PATCH`);
  }
  return result.record;
}

/** Applies a PATCH; the new base URL is checked before the row is locked (it resolves DNS). */
export async function changePaymentProvider(
  deps: ProviderConfigurationDeps & { checkCredentials: CredentialsCheck },
  request: { id: string; change: PaymentProviderChangeInput },
): Promise<PaymentProviderRecord> {
  const { id, change } = request;
  const apiBaseUrl =
    typeof change.apiBaseUrl === 'string' ? await checkApiBaseUrl(change.apiBaseUrl, deps.config) : change.apiBaseUrl;
  const updated = await updatePaymentProvider(deps.sql, id, (current) =>
    valuesForUpdate({
      tenantId: deps.sql.tenantId,
      current,
      change,
      apiBaseUrl,
      encryptionKey: deps.config.encryptionKey,
      checkCredentials: deps.checkCredentials,
    }),
  );
  if (updated === undefined) throw paymentProviderNotFound(id);
  return updated;
}

/** DELETE /payment-providers/:id: 409 `payment_provider_in_use` while a PENDING payment or refund needs it. */
export async function removePaymentProvider(
  sql: Parameters<typeof deleteUnusedPaymentProvider>[0],
  request: { id: string; pendingWork: ProviderPendingWork },
): Promise<PaymentProviderRecord> {
  const { id } = request;
  const deleted = await deleteUnusedPaymentProvider(sql, request);
  if (deleted.ok) return deleted.record;
  if (deleted.error === 'not_found') throw paymentProviderNotFound(id);
  throw conflict(
    'payment_provider_in_use',
    `Payment provider ${id} has PENDING payments or refunds; delete it once they are settled`,
  );
}

/** A provider whose stored credentials the provider accepted, and when. */
export interface TestedPaymentProvider {
  record: PaymentProviderRecord;
  checkedAt: Date;
}

/**
 * Tries the stored credentials against the provider: the provider when it accepts them, else 502
 * `payment_provider_error` with the provider's own refusal (or why it could not be reached).
 */
export async function testPaymentProvider(
  deps: ProviderConfigurationDeps & { clock: Clock },
  id: string,
): Promise<TestedPaymentProvider> {
  const record = await findPaymentProvider(deps.sql, id);
  if (record === undefined) throw paymentProviderNotFound(id);
  const verdict = await testProviderConnection({
    provider: openProvider(record, {
      tenantId: deps.sql.tenantId,
      providerId: record.id,
      encryptionKey: deps.config.encryptionKey,
    }),
    apiBaseUrl: record.apiBaseUrl,
    allowPrivateTargets: deps.config.webhookAllowPrivateTargets,
    platformUrl: deps.config.apiPublicUrl,
    clock: deps.clock,
  });
  if (verdict.ok) return { record, checkedAt: verdict.checkedAt };
  const refusal =
    verdict.statusCode === null
      ? `${record.provider} connection test failed: ${verdict.message}`
      : `${record.provider} refused the connection test (HTTP ${verdict.statusCode}): ${verdict.message}`;
  throw unavailable('payment_provider_error', refusal);
}

/** The stored credentials, or a refusal that names nothing of them (a blob that does not open is not a 500). */
function openProvider(record: PaymentProviderRecord, owner: CredentialsOwner): ProviderCredentials {
  try {
    return { provider: record.provider, credentials: openCredentials(record, owner) } as ProviderCredentials;
  } catch {
    throw conflict(
      'payment_provider_credentials_unreadable',
      'The stored credentials can no longer be decrypted (ENCRYPTION_KEY changed, or they were not sealed for this ' +
        'configuration); send them again with PATCH',
    );
  }
}
