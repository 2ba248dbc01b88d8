import type { ConnectionTestResult } from '../../../services/payments/providers';
import type { PaymentProviderRecord } from '../../../services/payments/providers';
import type { ConnectionTestResultJson, PaymentProviderJson } from './schema';

/** Never the sealed credentials: only their masked hints. */
export function presentPaymentProvider(record: PaymentProviderRecord): PaymentProviderJson {
  return {
    id: record.id,
    provider: record.provider,
    name: record.name,
    isDefault: record.isDefault,
    supportedCurrencies: record.supportedCurrencies,
    apiBaseUrl: record.apiBaseUrl,
    credentials: record.credentialHints,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

export function presentConnectionTest(result: ConnectionTestResult): ConnectionTestResultJson {
  const checkedAt = result.checkedAt.toISOString();
  return result.ok
    ? { ok: true, provider: result.provider, checkedAt }
    : { ok: false, provider: result.provider, checkedAt, statusCode: result.statusCode, message: result.message };
}
