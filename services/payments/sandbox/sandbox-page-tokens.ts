import { randomBytes } from 'node:crypto';
import { isKeyedDigest, keyedDigest, tokenKey } from '../../../infra/crypto/signed-token';

const PURPOSE = 'sandbox-checkout-form';

/** The page's CSRF pair: a random value for the browser's cookie, and the form's token bound to it and the checkout. */
export function newSandboxFormNonce(): string {
  return randomBytes(24).toString('base64url');
}

export function sandboxFormToken(encryptionKey: Buffer, request: { checkoutId: string; nonce: string }): string {
  return keyedDigest(tokenKey(encryptionKey, PURPOSE), `${request.checkoutId}.${request.nonce}`);
}

/**
 * Double submit, signed: a cross-site form can neither read the cookie's value nor make the token, and a token made
 * for another checkout or another browser's cookie does not verify.
 */
export function isSandboxFormToken(
  encryptionKey: Buffer,
  request: { checkoutId: string; nonce: string | undefined; token: string | null },
): boolean {
  if (request.nonce === undefined || request.nonce === '' || request.token === null) return false;
  return isKeyedDigest(tokenKey(encryptionKey, PURPOSE), `${request.checkoutId}.${request.nonce}`, request.token);
}
