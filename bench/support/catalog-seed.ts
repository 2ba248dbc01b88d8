import type { ApiSession } from './api-calls';

type Session = ApiSession;

export interface SeededSubscription {
  id: string;
  customerId: string;
}

/** A COUNT metric `api_calls` and a monthly plan `metered` at 10.00 USD (the usage benches' catalog); the plan's id. */
export async function seedMeteredPlan(api: Session): Promise<string> {
  await api.post('/api/billable-metrics', { name: 'API calls', code: 'api_calls', aggregationType: 'COUNT' });
  const plan = await api.post('/api/plans', {
    name: 'Metered',
    code: 'metered',
    billingInterval: 'MONTHLY',
    prices: [{ currency: 'USD', amount: 10 }],
  });
  return String(plan.id);
}

/** A plan body billed in advance, no trial, one USD price in major units. */
export const inAdvancePlan = (interval: 'WEEKLY' | 'MONTHLY', amount: number) => ({
  name: interval === 'WEEKLY' ? 'Weekly' : 'Monthly',
  code: interval.toLowerCase(),
  billingInterval: interval,
  billingTiming: 'IN_ADVANCE',
  trialDays: 0,
  prices: [{ currency: 'USD', amount }],
});

/**
 * `count` USD customers (`<label>-<n>`), each subscribed to `planId`, one after the other; `customer` and
 * `subscription` add fields to every request (a test clock, a start date).
 */
export async function seedSubscriptions(input: {
  api: Session;
  planId: string;
  count: number;
  label: string;
  customer?: Record<string, unknown>;
  subscription?: Record<string, unknown>;
}): Promise<SeededSubscription[]> {
  const subscriptions: SeededSubscription[] = [];
  for (let index = 0; index < input.count; index += 1) {
    const customer = await input.api.post('/api/customers', {
      externalId: `${input.label}-${index}`,
      email: `${input.label}-${index}@example.com`,
      currency: 'USD',
      ...input.customer,
    });
    const subscription = await input.api.post('/api/subscriptions', {
      customerId: customer.id,
      planId: input.planId,
      currency: 'USD',
      ...input.subscription,
    });
    subscriptions.push({ id: String(subscription.id), customerId: String(customer.id) });
  }
  return subscriptions;
}
