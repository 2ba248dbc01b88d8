import { computeStripeSignature, verifyStripeSignature } from './stripe-signature';

/** The header the sandbox signs its notifications in. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

/**
 * The sandbox signs like Stripe (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t." and the body>`, 300 s tolerance) with
 * the webhook secret made when SANDBOX was configured: one well-known scheme, so what a tester sees is what a real
 * provider does.
 */
export function sandboxSignature(secret: string, now: Date, rawBody: Buffer): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${computeStripeSignature(secret, timestamp, rawBody)}`;
}

export function hasValidSandboxSignature(check: {
  rawBody: Buffer;
  header: string | undefined;
  secret: string;
  now: Date;
}): boolean {
  return verifyStripeSignature(check);
}
