import type { TestedPaymentProvider } from '../../../services/payments/providers';
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

/** The provider as stored, with the test's verdict (only a passed test answers; a refusal is an error). */
export function presentConnectionTest(tested: TestedPaymentProvider): ConnectionTestResultJson {
  return { ...presentPaymentProvider(tested.record), ok: true, checkedAt: tested.checkedAt.toISOString() };
}
