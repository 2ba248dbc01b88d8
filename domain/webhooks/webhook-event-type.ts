/**
 * The outbound events a tenant's webhook receives: those of SPEC §6.2, `payment.refund_failed` (a refund the provider
 * reversed after it succeeded), `invoice.generation_failed` (a period's invoice that could not be issued and waits
 * for a retry), and the wallets' (CONTRACT §13), among them the balance alerts `wallet.low_balance` and
 * `wallet.depleted`, and `test_clock.ready` (a test clock's advance is done).
 */
export const WEBHOOK_EVENT_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'payment.refund_failed',
  'subscription.created',
  'subscription.renewed',
  'subscription.canceled',
  'subscription.paused',
  'subscription.resumed',
  'subscription.past_due',
  'invoice.created',
  'invoice.paid',
  'invoice.voided',
  'invoice.generation_failed',
  'wallet.created',
  'wallet.terminated',
  'wallet.transaction.created',
  'wallet.low_balance',
  'wallet.depleted',
  'test_clock.ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The events a subscription's lifecycle writes record (its creation records `subscription.created` itself). */
export type SubscriptionLifecycleEvent = Extract<
  WebhookEventType,
  | 'subscription.renewed'
  | 'subscription.canceled'
  | 'subscription.paused'
  | 'subscription.resumed'
  | 'subscription.past_due'
>;
