import { nextLongMonthStart, DAY_MS, type ScenarioSuite } from './subscription-scenario';

/**
 * A TRIALING subscription (of a new customer, on a new plan) whose trial of `days` starts the next 31-day UTC month;
 * the server's clock is not moved.
 */
export async function trialFromNextLongMonth(
  suite: Pick<ScenarioSuite, 'env' | 'scenario'>,
  input: { amountMinor: bigint; days: number },
) {
  const { env, scenario } = suite;
  const trialStart = nextLongMonthStart(await env.currentTimeMs());
  const trialEnd = new Date(trialStart.getTime() + input.days * DAY_MS);
  const customerId = await scenario.createCustomer();
  const planId = await scenario.createPlan({ name: 'Basic', amountMinor: input.amountMinor });
  const subscriptionId = await scenario.insertSubscription({
    customerId,
    planId,
    status: 'TRIALING',
    periodStart: trialStart,
    periodEnd: trialEnd,
  });
  return { trialStart, trialEnd, customerId, planId, subscriptionId };
}
