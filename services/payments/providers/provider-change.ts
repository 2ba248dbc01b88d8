import type { TenantId } from '../../../domain/ids';
import { parseCurrencyCode } from '../../../domain/money';
import type { ProviderKind } from '../../../domain/payments';
import type { Config } from '../../../infra/config';
import { newId } from '../../../infra/ids';
import { checkOutboundUrl } from '../../../infra/net/address-policy';
import { validationFailed, type ErrorDetail } from '../../platform/errors';
import {
  bindCredentials,
  credentialHints,
  openCredentials,
  sealCredentials,
  type CredentialsByProvider,
  type CredentialsOwner,
  type ProviderCredentials,
} from './credentials';
import type { PaymentProviderRecord, PaymentProviderValues } from './payment-provider-store';
import { newSandboxCredentials } from './sandbox-credentials';

export type ProviderChangeConfig = Pick<
  Config,
  'encryptionKey' | 'webhookAllowPrivateTargets' | 'apiPublicUrl' | 'paymentSandboxEnabled'
>;

/**
 * A new configuration: `provider` narrows `credentials`; currencies in any case, the base URL still unchecked.
 * SANDBOX takes no credentials: the platform makes them.
 */
export type NewPaymentProviderInput = (
  Exclude<ProviderCredentials, { provider: 'SANDBOX' }> | { provider: 'SANDBOX'; credentials?: Record<string, never> }
) & {
  name?: string;
  isDefault?: boolean;
  supportedCurrencies?: string[];
  apiBaseUrl?: string;
};

/** Fields of any provider's credentials; which belong to the configured provider is the credentials check's call. */
type AnyCredentialFields = Partial<
  CredentialsByProvider['STRIPE'] &
    CredentialsByProvider['PAYSTACK'] &
    CredentialsByProvider['FLUTTERWAVE'] &
    CredentialsByProvider['MPESA'] &
    CredentialsByProvider['SANDBOX']
>;

/** What a PATCH changes; `null` clears `name` or `apiBaseUrl`, partial credentials merge with the stored ones. */
export interface PaymentProviderChangeInput {
  name?: string | null;
  isDefault?: boolean;
  supportedCurrencies?: string[];
  apiBaseUrl?: string | null;
  credentials?: AnyCredentialFields;
}

/**
 * The problems of a whole credentials object under its provider's rules (the API contract's closed schemas), each
 * naming its field under `body.credentials`; none when it is valid.
 */
export type CredentialsCheck = (provider: ProviderKind, credentials: object) => ErrorDetail[];

/** Upper case, each once; an unknown ISO 4217 code is a validation failure naming the item. */
export function normaliseCurrencies(codes: readonly string[]): string[] {
  const normalised = codes.map((code, index) => {
    const parsed = parseCurrencyCode(code);
    if (!parsed.ok) {
      throw validationFailed([{ path: `body.supportedCurrencies.${index}`, message: parsed.error.message }]);
    }
    return parsed.value;
  });
  return [...new Set(normalised)];
}

/** An http(s) URL the address policy allows, without a trailing slash (probe paths are appended to it). */
export async function checkApiBaseUrl(url: string, config: ProviderChangeConfig): Promise<string> {
  const check = await checkOutboundUrl(url, { allowPrivateTargets: config.webhookAllowPrivateTargets });
  if (!check.ok) throw validationFailed([{ path: 'body.apiBaseUrl', message: check.reason }]);
  return url.replace(/\/+$/, '');
}

/** The new row's values; its id is made here, before the credentials are sealed, because they are bound to it. */
export async function valuesForCreate(
  input: NewPaymentProviderInput,
  context: { tenantId: TenantId; config: ProviderChangeConfig },
): Promise<PaymentProviderValues & { id: string; provider: ProviderKind }> {
  const { tenantId, config } = context;
  if (input.provider === 'SANDBOX' && !config.paymentSandboxEnabled) {
    throw validationFailed([
      { path: 'body.provider', message: 'SANDBOX is turned off on this platform (PAYMENT_SANDBOX_ENABLED)' },
    ]);
  }
  const id = newId('paymentProvider');
  const credentials =
    input.provider === 'SANDBOX'
      ? newSandboxCredentials({ tenantId, providerId: id }, config.encryptionKey)
      : input.credentials;
  return {
    id,
    provider: input.provider,
    name: input.name ?? null,
    isDefault: input.isDefault ?? false,
    supportedCurrencies: normaliseCurrencies(input.supportedCurrencies ?? []),
    apiBaseUrl: input.apiBaseUrl === undefined ? null : await checkApiBaseUrl(input.apiBaseUrl, config),
    sealedCredentials: sealCredentials(credentials, {
      tenantId,
      providerId: id,
      encryptionKey: config.encryptionKey,
    }),
    credentialHints: credentialHints(credentials),
  };
}

/**
 * PATCH: partial credentials merge with the stored ones and the result must satisfy the provider's closed schema.
 * A new `apiBaseUrl` needs the credentials in full: otherwise a caller could point the configuration at its own
 * server and have the connection test deliver the stored secrets there. `apiBaseUrl` comes already checked.
 * Credentials kept as they are but sealed before rows were bound (v1) are sealed again, bound to the row.
 */
export function valuesForUpdate(options: {
  tenantId: TenantId;
  current: PaymentProviderRecord;
  change: PaymentProviderChangeInput;
  apiBaseUrl: string | null | undefined;
  encryptionKey: Buffer;
  checkCredentials: CredentialsCheck;
}): PaymentProviderValues {
  const { current, change, encryptionKey } = options;
  const owner: CredentialsOwner = { tenantId: options.tenantId, providerId: current.id, encryptionKey };
  const apiBaseUrl = options.apiBaseUrl === undefined ? current.apiBaseUrl : options.apiBaseUrl;
  const targetChanged = apiBaseUrl !== null && apiBaseUrl !== current.apiBaseUrl;
  let sealedCredentials = bindCredentials(current.sealedCredentials, owner);
  let hints = current.credentialHints;
  if (change.credentials !== undefined || targetChanged) {
    const stored = targetChanged ? {} : openStored(current, owner);
    const merged = { ...stored, ...change.credentials };
    const problems = options.checkCredentials(current.provider, merged);
    if (problems.length > 0) {
      const why = targetChanged ? ' (every credential is needed when apiBaseUrl changes)' : '';
      throw validationFailed(problems.map((problem) => ({ ...problem, message: `${problem.message}${why}` })));
    }
    const credentials = merged as ProviderCredentials['credentials'];
    sealedCredentials = sealCredentials(credentials, owner);
    hints = credentialHints(credentials);
  }
  return {
    name: change.name === undefined ? current.name : change.name,
    isDefault: change.isDefault ?? current.isDefault,
    supportedCurrencies:
      change.supportedCurrencies === undefined
        ? current.supportedCurrencies
        : normaliseCurrencies(change.supportedCurrencies),
    apiBaseUrl,
    sealedCredentials,
    credentialHints: hints,
  };
}

/**
 * Stored credentials to merge into; none when they do not open (ENCRYPTION_KEY changed, or copied from another row):
 * all are then needed.
 */
function openStored(current: PaymentProviderRecord, owner: CredentialsOwner): object {
  try {
    return openCredentials(current, owner);
  } catch {
    return {};
  }
}
