import { randomBytes } from 'node:crypto';
import type { TenantId } from '../../../domain/ids';
import { signToken, tokenKey, verifyToken } from '../../../infra/crypto/signed-token';
import type { SandboxCredentials } from './credentials';

const API_KEY_PURPOSE = 'sandbox-api-key';

/** Whose sandbox API key this is: the tenant and the SANDBOX configuration it was made for. */
export interface SandboxAccount {
  tenantId: TenantId;
  providerId: string;
}

/**
 * The credentials made when SANDBOX is configured. The API key is signed under ENCRYPTION_KEY (its own derived key)
 * and names the tenant and configuration, so the sandbox API knows its caller without a table of keys; the webhook
 * secret is random and, like every credential, stored sealed and never returned.
 */
export function newSandboxCredentials(account: SandboxAccount, encryptionKey: Buffer): SandboxCredentials {
  return {
    secretKey: `sbx_sk_${signToken(tokenKey(encryptionKey, API_KEY_PURPOSE), account)}`,
    webhookSecret: `sbx_whsec_${randomBytes(32).toString('base64url')}`,
  };
}

/** The account a sandbox API key was made for; undefined for anything else. */
export function sandboxAccountOf(apiKey: string, encryptionKey: Buffer): SandboxAccount | undefined {
  if (!apiKey.startsWith('sbx_sk_')) return undefined;
  const claims = verifyToken(tokenKey(encryptionKey, API_KEY_PURPOSE), apiKey.slice('sbx_sk_'.length));
  if (typeof claims?.tenantId !== 'string' || typeof claims.providerId !== 'string') return undefined;
  return { tenantId: claims.tenantId as TenantId, providerId: claims.providerId };
}
