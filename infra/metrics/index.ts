export {
  countingBusinessEvents,
  createBusinessMetrics,
  noteInvoiceFinalized,
  notePayment,
  noteUsageEventsIngested,
  noteWebhookAttempt,
  type BusinessMetrics,
  type PaymentOutcome,
  type WebhookAttemptOutcome,
} from './business-metrics';
export { EXPOSITION_CONTENT_TYPE, expositionOf } from './exposition';
export { processMetricsRegistry } from './process-metrics';
export { isScrapeAuthorized, SCRAPE_CHALLENGE } from './scrape-token';
