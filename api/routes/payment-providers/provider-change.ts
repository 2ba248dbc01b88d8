import type { Config } from '../../../infra/config';
import { checkOutboundUrl } from '../../../infra/net/address-policy';
import {
  credentialHints,
  openCredentials,
  sealCredentials,
  type ProviderCredentials,
  type ProviderKind,
} from '../../../services/payment-providers';
import type { PaymentProviderRecord, PaymentProviderValues } from '../../../services/payment-providers';
import { validationFailed } from '../../../services/errors';
import { findSchemaViolations } from '../../validation/validator';
import { requireCurrency } from '../../schemas/common';
import { CREDENTIALS_SCHEMAS, type CreatePaymentProviderBody, type UpdatePaymentProviderBody } from './schema';

type ChangeConfig = Pick<Config, 'encryptionKey' | 'webhookAllowPrivateTargets'>;

/** Upper case, each once; unknown ISO 4217 codes are a 400 naming the item. */
export function normaliseCurrencies(codes: readonly string[]): string[] {
  return [...new Set(codes.map((code, index) => requireCurrency(code, `body.supportedCurrencies.${index}`)))];
}

/** An http(s) URL the address policy allows, without a trailing slash (probe paths are appended to it). */
export async function checkApiBaseUrl(url: string, config: ChangeConfig): Promise<string> {
  const check = await checkOutboundUrl(url, { allowPrivateTargets: config.webhookAllowPrivateTargets });
  if (!check.ok) throw validationFailed([{ path: 'body.apiBaseUrl', message: check.reason }]);
  return url.replace(/\/+$/, '');
}

export async function valuesForCreate(
  body: CreatePaymentProviderBody,
  config: ChangeConfig,
): Promise<PaymentProviderValues & { provider: ProviderKind }> {
  return {
    provider: body.provider,
    name: body.name ?? null,
    isDefault: body.isDefault ?? false,
    supportedCurrencies: normaliseCurrencies(body.supportedCurrencies ?? []),
    apiBaseUrl: body.apiBaseUrl === undefined ? null : await checkApiBaseUrl(body.apiBaseUrl, config),
    sealedCredentials: sealCredentials(body.credentials, config.encryptionKey),
    credentialHints: credentialHints(body.credentials),
  };
}

/**
 * PATCH: partial credentials merge with the stored ones and the result must satisfy the provider's closed schema.
 * A new `apiBaseUrl` needs the credentials in full: otherwise a caller could point the configuration at its own
 * server and have the connection test deliver the stored secrets there. `apiBaseUrl` comes already checked.
 */
export function valuesForUpdate(options: {
  current: PaymentProviderRecord;
  body: UpdatePaymentProviderBody;
  apiBaseUrl: string | null | undefined;
  encryptionKey: Buffer;
}): PaymentProviderValues {
  const { current, body, encryptionKey } = options;
  const apiBaseUrl = options.apiBaseUrl === undefined ? current.apiBaseUrl : options.apiBaseUrl;
  const targetChanged = apiBaseUrl !== null && apiBaseUrl !== current.apiBaseUrl;
  let sealedCredentials = current.sealedCredentials;
  let hints = current.credentialHints;
  if (body.credentials !== undefined || targetChanged) {
    const stored = targetChanged ? {} : openStored(current, encryptionKey);
    const merged = { ...stored, ...body.credentials };
    const problems = findSchemaViolations(CREDENTIALS_SCHEMAS[current.provider], merged, 'body.credentials');
    if (problems.length > 0) {
      const why = targetChanged ? ' (every credential is needed when apiBaseUrl changes)' : '';
      throw validationFailed(problems.map((problem) => ({ ...problem, message: `${problem.message}${why}` })));
    }
    const credentials = merged as ProviderCredentials['credentials'];
    sealedCredentials = sealCredentials(credentials, encryptionKey);
    hints = credentialHints(credentials);
  }
  return {
    name: body.name === undefined ? current.name : body.name,
    isDefault: body.isDefault ?? current.isDefault,
    supportedCurrencies:
      body.supportedCurrencies === undefined
        ? current.supportedCurrencies
        : normaliseCurrencies(body.supportedCurrencies),
    apiBaseUrl,
    sealedCredentials,
    credentialHints: hints,
  };
}

/** Stored credentials to merge into; none when they no longer decrypt (ENCRYPTION_KEY changed): all are then needed. */
function openStored(current: PaymentProviderRecord, encryptionKey: Buffer): object {
  try {
    return openCredentials(current.provider, current.sealedCredentials, encryptionKey);
  } catch {
    return {};
  }
}
