import type { SubscriptionBillingError, SubscriptionRecord } from './subscription-records';

/** The billing error as the API shows it: instants as ISO strings. */
export type BillingErrorView = {
  code: SubscriptionBillingError['code'];
  message: string;
  periodStart: string;
  periodEnd: string;
  occurredAt: string;
};

/** A type alias, not an interface, so that a view is also a `Record<string, unknown>` (outbox event data). */
export type SubscriptionView = {
  id: string;
  customerId: string;
  planId: string;
  currency: string;
  status: SubscriptionRecord['status'];
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  trialStart: string | null;
  trialEnd: string | null;
  cancelAt: string | null;
  canceledAt: string | null;
  pausedAt: string | null;
  pendingPlanId: string | null;
  externalId: string | null;
  metadata: Record<string, string>;
  billingError: BillingErrorView | null;
  createdAt: string;
  updatedAt: string;
};

const isoOrNull = (value: Date | null): string | null => value?.toISOString() ?? null;

export function billingErrorView(error: SubscriptionBillingError): BillingErrorView {
  return {
    code: error.code,
    message: error.message,
    periodStart: error.periodStart.toISOString(),
    periodEnd: error.periodEnd.toISOString(),
    occurredAt: error.occurredAt.toISOString(),
  };
}

/**
 * The subscription exactly as the API presents it (SPEC §2.7, CONTRACT §7): the API's presenter and the outbox
 * events (`subscription.created`, `renewed`, `canceled`, `paused`, `resumed`) share it, so a webhook receiver sees
 * the record GET returns (without the embedded customer and plan, which only GET by id adds).
 */
export function subscriptionView(subscription: SubscriptionRecord): SubscriptionView {
  return {
    id: subscription.id,
    customerId: subscription.customerId,
    planId: subscription.planId,
    currency: subscription.currency,
    status: subscription.status,
    currentPeriodStart: isoOrNull(subscription.currentPeriodStart),
    currentPeriodEnd: isoOrNull(subscription.currentPeriodEnd),
    trialStart: isoOrNull(subscription.trialStart),
    trialEnd: isoOrNull(subscription.trialEnd),
    cancelAt: isoOrNull(subscription.cancelAt),
    canceledAt: isoOrNull(subscription.canceledAt),
    pausedAt: isoOrNull(subscription.pausedAt),
    pendingPlanId: subscription.pendingPlanId,
    externalId: subscription.externalId,
    metadata: subscription.metadata,
    billingError: subscription.billingError === null ? null : billingErrorView(subscription.billingError),
    createdAt: subscription.createdAt.toISOString(),
    updatedAt: subscription.updatedAt.toISOString(),
  };
}
