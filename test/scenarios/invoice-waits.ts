import { waitFor, type Scenario } from './subscription-scenario';

type Invoices = Awaited<ReturnType<Scenario['invoices']>>;

/** The subscription's invoices once there are exactly `count` (activities run in real time after a skip). */
export function invoicesCounted(scenario: Scenario, subscriptionId: string, count: number): Promise<Invoices> {
  return waitFor(
    () => scenario.invoices(subscriptionId),
    (list) => list.length === count,
  );
}

/** The subscription's invoices once there are `count` or more. */
export function invoicesAtLeast(scenario: Scenario, subscriptionId: string, count: number): Promise<Invoices> {
  return waitFor(
    () => scenario.invoices(subscriptionId),
    (list) => list.length >= count,
  );
}
