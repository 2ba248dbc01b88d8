import type { IncomingHttpHeaders } from 'node:http';

/** A request a fake provider received, for assertions on paths, encodings and headers. */
export interface RecordedProviderRequest {
  method: string;
  /** Path and query. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A notification exactly as the provider would POST it: tests send it as is, or tamper with it first. */
export interface ProviderNotification {
  /** Where it goes: the provider's configured webhook path below our API (`/webhooks/stripe`), or the callback URL
   *  our request gave the provider (M-Pesa), as a full URL. */
  url: string;
  headers: Record<string, string>;
  body: string;
}

/**
 * A local server that speaks one provider's API (issue 17), with controls a test uses to act as the payer and as the
 * provider's notification sender. `reference` is always our payment reference (the payment id).
 */
export interface FakeProvider {
  /** The base URL to configure as the provider's `apiBaseUrl`. */
  url: string;
  requests: RecordedProviderRequest[];
  /** The payer pays in full: verification answers success from now on. */
  completePayment(reference: string): void;
  /** The payer's attempt fails (declined card, cancelled STK prompt…). */
  failPayment(reference: string, reason?: string): void;
  /** The notification the provider sends for the payment's current state, signed as the provider signs it.
   *  `webhookBaseUrl` is our API's origin (used by providers whose webhook URL is configured in their dashboard). */
  paymentNotification(reference: string, webhookBaseUrl: string): ProviderNotification;
  /** The notification that a refund (our `re_…` id) reached its final state (`succeeded` unless failed). */
  refundNotification(refundId: string, webhookBaseUrl: string, outcome?: 'succeeded' | 'failed'): ProviderNotification;
  /** The next call to a path starting with `pathPrefix` answers with this status and body (the provider's error). */
  failNextCall(pathPrefix: string, statusCode: number, body: unknown, method?: string): void;
  close(): Promise<void>;
}

/** POSTs a notification as the provider would (raw body, its headers); resolves with our answer. */
export async function deliverNotification(
  notification: ProviderNotification,
): Promise<{ statusCode: number; text: string }> {
  const response = await fetch(notification.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...notification.headers },
    body: notification.body,
  });
  return { statusCode: response.status, text: await response.text() };
}
