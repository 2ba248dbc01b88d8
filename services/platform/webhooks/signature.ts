import { createHmac } from 'node:crypto';

/** Standard Webhooks secrets are `whsec_` + base64 of the HMAC key. */
const SECRET_PREFIX = 'whsec_';

export interface WebhookSignatureInput {
  /** `webhook-id`: the event id. */
  id: string;
  /** `webhook-timestamp`: unix seconds of the attempt. */
  timestampSeconds: number;
  /** The exact bytes sent as the body. */
  body: Buffer;
  /** Every secret that signs (current first); see `signingSecretsAt`. */
  secrets: readonly string[];
}

/** The HMAC key of a `whsec_` secret: the bytes its base64 part encodes, not the text. */
export function webhookSigningKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new TypeError('a webhook signing secret starts with "whsec_"');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/**
 * The `webhook-signature` header (Standard Webhooks v1): `v1,<base64 HMAC-SHA256 over "id.timestamp.body">`, one per
 * secret, space-separated; a receiver accepts the message when any of them verifies with its secret.
 */
export function signWebhook(input: WebhookSignatureInput): string {
  if (input.secrets.length === 0) throw new TypeError('a webhook needs at least one signing secret');
  const prefix = Buffer.from(`${input.id}.${input.timestampSeconds}.`, 'utf8');
  return input.secrets
    .map((secret) => {
      const hmac = createHmac('sha256', webhookSigningKey(secret));
      hmac.update(prefix);
      hmac.update(input.body);
      return `v1,${hmac.digest('base64')}`;
    })
    .join(' ');
}

/** The three Standard Webhooks headers of one attempt. */
export function webhookSignatureHeaders(input: WebhookSignatureInput): Record<string, string> {
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestampSeconds),
    'webhook-signature': signWebhook(input),
  };
}
