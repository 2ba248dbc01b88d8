import type { TenantId } from '../../../domain/ids';
import type { ProviderKind } from '../../../domain/payments';
import { codePointLength, lastCodePoints } from '../../../domain/text/code-points';
import { bindSecret, decryptSecret, encryptSecret, type SecretBinding } from '../../../infra/crypto/secret-box';

/** Daraja's two environments: sandbox.safaricom.co.ke and api.safaricom.co.ke. */
export const MPESA_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type MpesaEnvironment = (typeof MPESA_ENVIRONMENTS)[number];

export interface StripeCredentials {
  secretKey: string;
  webhookSecret: string;
}
export interface PaystackCredentials {
  secretKey: string;
}
export interface FlutterwaveCredentials {
  secretKey: string;
  secretHash: string;
}
export interface MpesaCredentials {
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  environment: MpesaEnvironment;
  /** The API operator that reversals (refunds) run as; without it and `securityCredential` refunds are refused. */
  initiatorName?: string;
  /** The initiator's password encrypted with Safaricom's certificate (the Daraja portal produces it), base64. */
  securityCredential?: string;
}

/**
 * The sandbox provider's credentials are made by the platform when SANDBOX is configured, never sent by the tenant:
 * the key its gateway calls the sandbox API with, and the secret that signs its notifications.
 */
export interface SandboxCredentials {
  secretKey: string;
  webhookSecret: string;
}

export interface CredentialsByProvider {
  STRIPE: StripeCredentials;
  PAYSTACK: PaystackCredentials;
  FLUTTERWAVE: FlutterwaveCredentials;
  MPESA: MpesaCredentials;
  SANDBOX: SandboxCredentials;
}

/** A provider with its credentials: `provider` narrows `credentials`. */
export type ProviderCredentials = {
  [K in ProviderKind]: { provider: K; credentials: CredentialsByProvider[K] };
}[ProviderKind];

/** What a response may show of the credentials: masked secrets, and the fields that are not secret in full. */
export type CredentialHints = Record<string, string>;

// Fields shown as they are: an M-Pesa shortcode is printed on receipts and the environment is a setting.
const PUBLIC_FIELDS: ReadonlySet<string> = new Set(['shortcode', 'environment']);
// Well-known key prefixes tell test keys from live ones without revealing anything secret.
const KNOWN_PREFIX = /^(?:[sr]k_(?:test|live)_|whsec_|FLWSECK_TEST-|FLWSECK-)/;
const SHOW_LAST = 4;
// Below this length the last 4 characters are a large share of the secret, so none are shown.
const MIN_LENGTH_FOR_LAST = 16;

/** `sk_test_…4242`: the known prefix, an ellipsis and the last 4 characters of long enough secrets. */
export function maskSecret(value: string): string {
  const prefix = KNOWN_PREFIX.exec(value)?.[0] ?? '';
  const last = codePointLength(value) >= MIN_LENGTH_FOR_LAST ? lastCodePoints(value, SHOW_LAST) : '';
  return `${prefix}…${last}`;
}

export function credentialHints(credentials: ProviderCredentials['credentials']): CredentialHints {
  return Object.fromEntries(
    Object.entries(credentials).map(([field, value]) => {
      const text = String(value);
      return [field, PUBLIC_FIELDS.has(field) ? text : maskSecret(text)];
    }),
  );
}

/** Whose credentials these are: the sealed blob opens only in the row (tenant and provider id) it was sealed for. */
export interface CredentialsOwner {
  tenantId: TenantId;
  providerId: string;
  encryptionKey: Buffer;
}

const credentialsBinding = (owner: CredentialsOwner): SecretBinding => ({
  key: owner.encryptionKey,
  associatedData: `tenant:${owner.tenantId}:payment-provider:${owner.providerId}`,
});

/** One sealed blob (AES-256-GCM with ENCRYPTION_KEY) of the whole credential object, bound to its row. */
export function sealCredentials(credentials: ProviderCredentials['credentials'], owner: CredentialsOwner): string {
  return encryptSecret(JSON.stringify(credentials), credentialsBinding(owner));
}

/** Throws SealedSecretError when the blob does not open (ENCRYPTION_KEY changed, tampering, or another row's). */
export function openCredentials<K extends ProviderKind>(
  sealed: { provider: K; sealedCredentials: string },
  owner: CredentialsOwner,
): CredentialsByProvider[K] {
  // The blob was validated against the provider's schema when it was sealed.
  return JSON.parse(decryptSecret(sealed.sealedCredentials, credentialsBinding(owner))) as CredentialsByProvider[K];
}

/** Stored credentials as they are kept on a write: a blob sealed before rows were bound (v1) is bound to its row. */
export function bindCredentials(sealedCredentials: string, owner: CredentialsOwner): string {
  return bindSecret(sealedCredentials, credentialsBinding(owner));
}
