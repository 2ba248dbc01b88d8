import { AsyncLocalStorage } from 'node:async_hooks';
import { Counter, type Registry } from 'prom-client';

/**
 * What the billing itself did, counted where the change commits: in the API (usage ingestion, an invoice finalized
 * by a route) or in the worker (renewals, webhook deliveries, provider payments). Sum over both jobs in queries.
 */
export interface BusinessMetrics {
  invoicesFinalized: Counter;
  payments: Counter<'provider' | 'outcome'>;
  webhookAttempts: Counter<'outcome'>;
  usageEventsIngested: Counter<'result'>;
}

/** `expired`: the checkout ran out of time; `canceled`: the invoice was paid otherwise or voided meanwhile. */
export type PaymentOutcome = 'succeeded' | 'failed' | 'expired' | 'canceled';
/** `rejected`: the receiver answered, not 2xx; `unreachable`: no answer (timeout, refused target, no URL set). */
export type WebhookAttemptOutcome = 'delivered' | 'rejected' | 'unreachable';

export function createBusinessMetrics(registry: Registry): BusinessMetrics {
  const registers = [registry];
  return {
    invoicesFinalized: new Counter({
      name: 'billing_invoices_finalized_total',
      help: 'Invoices finalized (DRAFT to OPEN, or PAID at once when credit covered them).',
      registers,
    }),
    payments: new Counter({
      name: 'billing_payments_total',
      help: 'Provider payments that reached an end: succeeded, failed (payer or provider), expired or canceled.',
      labelNames: ['provider', 'outcome'] as const,
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'billing_webhook_attempts_total',
      help: 'Outbound webhook POSTs by outcome: delivered (2xx), rejected (other status), unreachable (no answer).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    usageEventsIngested: new Counter({
      name: 'billing_usage_events_ingested_total',
      help: 'Usage events accepted by ingestion: stored, or duplicate (an identical replay that added nothing).',
      labelNames: ['result'] as const,
      registers,
    }),
  };
}

/**
 * The process's counters are registered per execution context (a request, an activity), as the standing listener
 * is: passing them through every use case between a route and the invoice writer would widen a dozen signatures, and
 * a process-wide set would be shared by every app a test builds. Code running outside any context counts nothing.
 */
const current = new AsyncLocalStorage<BusinessMetrics>();

export function countingBusinessEvents<T>(metrics: BusinessMetrics, work: () => T): T {
  return current.run(metrics, work);
}

export function noteInvoiceFinalized(): void {
  current.getStore()?.invoicesFinalized.inc();
}

export function notePayment(payment: { provider: string; outcome: PaymentOutcome }): void {
  current.getStore()?.payments.inc({ provider: payment.provider.toLowerCase(), outcome: payment.outcome });
}

export function noteWebhookAttempt(outcome: WebhookAttemptOutcome): void {
  current.getStore()?.webhookAttempts.inc({ outcome });
}

export function noteUsageEventsIngested(counts: { stored: number; duplicates: number }): void {
  const metrics = current.getStore();
  if (metrics === undefined) return;
  if (counts.stored > 0) metrics.usageEventsIngested.inc({ result: 'stored' }, counts.stored);
  if (counts.duplicates > 0) metrics.usageEventsIngested.inc({ result: 'duplicate' }, counts.duplicates);
}
