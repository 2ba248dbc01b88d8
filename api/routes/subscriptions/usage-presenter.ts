import { presentMajorUnits, type CurrencyCode, type Rational } from '../../../domain/money';
import { formatUnits } from '../../../domain/usage';
import type { OpenPeriodUsage } from '../../../services/billing/usage-pricing';
import type { SubscriptionUsageJson } from './usage-schema';

const presentUnits = (units: Rational): number => Number(formatUnits(units));

/** CONTRACT §10's usage view: money in major units, units as numbers. */
export function presentSubscriptionUsage(usage: OpenPeriodUsage): SubscriptionUsageJson {
  const money = (amount: bigint, currency: CurrencyCode) => presentMajorUnits({ amount, currency });
  const { currency } = usage;
  return {
    periodStart: usage.periodStart.toISOString(),
    periodEnd: usage.periodEnd.toISOString(),
    currency,
    amount: money(usage.amountMinor, currency),
    charges: usage.charges.map((charge) => ({
      chargeId: charge.chargeId,
      billableMetric: charge.billableMetric,
      units: presentUnits(charge.units),
      amount: money(charge.amountMinor, currency),
      filters: charge.filters.map((filter) => ({
        values: filter.values,
        units: presentUnits(filter.units),
        amount: money(filter.amountMinor, currency),
      })),
    })),
  };
}
