import type { CustomerRecord } from '../../../services/catalog/customers';
import type { PlanRecord } from '../../../services/catalog/plans';
import type { SubscriptionRecord } from '../../../services/billing/subscriptions';
import { subscriptionView } from '../../../services/billing/subscriptions';
import { presentCustomer } from '../customers/presenter';
import { presentPlan } from '../plans/presenter';
import type { Cancellation } from '../../../services/billing/subscription-billing';
import type { SubscriptionCancellationJson, SubscriptionDetailJson, SubscriptionJson } from './schema';

/** The record as SPEC §2.7 and CONTRACT §7 show it: the same view the outbox events carry. */
export function presentSubscription(record: SubscriptionRecord): SubscriptionJson {
  return subscriptionView(record);
}

/** GET by id: the record with its customer and plan as their own APIs present them. */
export function presentCancellation(cancellation: Cancellation): SubscriptionCancellationJson {
  return { ...subscriptionView(cancellation.subscription), creditNoteIds: cancellation.creditNoteIds };
}

export function presentSubscriptionDetail(
  record: SubscriptionRecord,
  related: { customer: CustomerRecord | undefined; plan: PlanRecord },
): SubscriptionDetailJson {
  return {
    ...subscriptionView(record),
    customer: related.customer === undefined ? null : presentCustomer(related.customer),
    plan: presentPlan(related.plan),
  };
}
