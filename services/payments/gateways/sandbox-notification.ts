import type { InboundNotification, NotificationSecrets, ParsedNotification } from './gateway';
import { asObject, parseJsonObject, stringField } from './provider-json';
import { hasValidSandboxSignature, SANDBOX_SIGNATURE_HEADER } from './sandbox-signature';

/**
 * The sandbox's events: a checkout paid or declined on its page (or by the API call). Refunds succeed in the refund
 * call's own answer, so no refund event is sent (as with Flutterwave).
 */
export const SANDBOX_EVENT_TYPES = ['checkout.paid', 'checkout.declined'] as const;
export type SandboxEventType = (typeof SANDBOX_EVENT_TYPES)[number];

/** Our reference is the payment id the checkout was registered with, echoed in `data.reference`. */
export function sandboxReferenceOf(notification: InboundNotification): string | null {
  return stringField(asObject(parseJsonObject(notification.rawBody)?.data), 'reference') ?? null;
}

/**
 * `{ id, type, data: { reference, checkoutId } }`, signed in `Sandbox-Signature`. Like
 * every provider's, a payment event is a claim the workflow checks through the sandbox API before applying it.
 */
export function parseSandboxNotification(
  notification: InboundNotification,
  secrets: NotificationSecrets,
): ParsedNotification | null {
  const valid = hasValidSandboxSignature({
    rawBody: notification.rawBody,
    header: notification.headers[SANDBOX_SIGNATURE_HEADER],
    secret: secrets.credentials.webhookSecret ?? '',
    now: notification.receivedAt,
  });
  const body = valid ? parseJsonObject(notification.rawBody) : undefined;
  if (body === undefined) return null;
  const eventId = stringField(body, 'id');
  if (eventId === undefined) return null;
  const type = stringField(body, 'type') ?? 'unknown';
  const data = asObject(body.data);
  const reference = stringField(data, 'reference') ?? null;
  if (reference === null) return { kind: 'ignored', eventId, type, reference };
  switch (type) {
    case 'checkout.paid':
      return { kind: 'payment', eventId, type, reference, outcome: 'succeeded', failureReason: null };
    case 'checkout.declined':
      return { kind: 'payment', eventId, type, reference, outcome: 'failed', failureReason: 'declined' };
    default:
      return { kind: 'ignored', eventId, type, reference };
  }
}
