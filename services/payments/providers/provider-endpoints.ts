import type { ProviderKind } from '../../../domain/payments';
import { firstCodePoints } from '../../../domain/text/code-points';
import type { CredentialsByProvider, ProviderCredentials } from './credentials';

/**
 * The provider's own base URL, used when a configuration has no `apiBaseUrl` of its own. The sandbox provider is
 * served by this platform itself, under its public origin (`API_PUBLIC_URL`).
 */
export function defaultBaseUrl(provider: ProviderCredentials, platformUrl: string | null = null): string {
  switch (provider.provider) {
    case 'SANDBOX':
      if (platformUrl === null) throw new Error('the sandbox provider needs the platform’s public URL');
      return `${platformUrl.replace(/\/+$/, '')}/sandbox`;
    case 'STRIPE':
      return 'https://api.stripe.com';
    case 'PAYSTACK':
      return 'https://api.paystack.co';
    case 'FLUTTERWAVE':
      return 'https://api.flutterwave.com';
    case 'MPESA':
      return provider.credentials.environment === 'production'
        ? 'https://api.safaricom.co.ke'
        : 'https://sandbox.safaricom.co.ke';
  }
}

export interface AuthenticatedProbe {
  /** Path and query below the base URL. */
  path: string;
  authorization: string;
}

const bearer = (secretKey: string): string => `Bearer ${secretKey}`;

/**
 * The cheapest authenticated read of each provider: it succeeds only with valid credentials and changes nothing.
 * Stripe GET /v1/balance, Paystack GET /balance, Flutterwave GET /v3/balances (secret key as a bearer token);
 * M-Pesa Daraja has no such read, so its OAuth token request (Basic consumerKey:consumerSecret) stands in; the
 * sandbox answers GET /v1/account for its own keys.
 */
export function authenticatedProbe(provider: ProviderCredentials): AuthenticatedProbe {
  switch (provider.provider) {
    case 'STRIPE':
      return { path: '/v1/balance', authorization: bearer(provider.credentials.secretKey) };
    case 'PAYSTACK':
      return { path: '/balance', authorization: bearer(provider.credentials.secretKey) };
    case 'FLUTTERWAVE':
      return { path: '/v3/balances', authorization: bearer(provider.credentials.secretKey) };
    case 'MPESA':
      return {
        path: '/oauth/v1/generate?grant_type=client_credentials',
        authorization: mpesaBasic(provider.credentials),
      };
    case 'SANDBOX':
      return { path: '/v1/account', authorization: bearer(provider.credentials.secretKey) };
  }
}

function mpesaBasic(credentials: CredentialsByProvider['MPESA']): string {
  return `Basic ${Buffer.from(`${credentials.consumerKey}:${credentials.consumerSecret}`).toString('base64')}`;
}

const MAX_MESSAGE_LENGTH = 500;

/**
 * The provider's own explanation of a refusal: Stripe `error.message`, Paystack and Flutterwave `message`, M-Pesa
 * `errorMessage`. Daraja sometimes answers with an empty body; the status then speaks for itself.
 */
export function refusalMessage(provider: ProviderKind, status: number, text: string): string {
  const body = parseObject(text);
  const candidates: unknown[] = {
    STRIPE: [asObject(body?.error)?.message, body?.message],
    PAYSTACK: [body?.message],
    FLUTTERWAVE: [body?.message],
    MPESA: [body?.errorMessage, body?.error_description, body?.message],
    SANDBOX: [body?.message],
  }[provider];
  const found = candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const message = found ?? (text.trim() === '' ? `HTTP ${status} with an empty body` : `HTTP ${status}`);
  return firstCodePoints(message, MAX_MESSAGE_LENGTH);
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
