import type { BillingInterval } from '../../../domain/periods';
import type { Decimal } from '../../../domain/money';
import type { CreditUnits, RecurringTopUp, TopUpMethod, TopUpTrigger } from '../../../domain/wallets';
import { requireWorthWithinMoney } from './credits-worth';

/**
 * `wallets.recurring_top_ups`: the wallet's rules as a JSON array, credits as strings of credit units (10^-5 credit)
 * so that no amount passes through a float.
 */
interface StoredTopUpRule {
  trigger: TopUpTrigger;
  interval: BillingInterval | null;
  thresholdCredits: string | null;
  method: TopUpMethod;
  paidCredits: string | null;
  grantedCredits: string | null;
  targetCredits: string | null;
}

const unitsText = (credits: CreditUnits | null): string | null => (credits === null ? null : credits.toString());
const unitsOf = (text: string | null | undefined): CreditUnits | null =>
  text === null || text === undefined ? null : BigInt(text);

/** The rules as the column stores them (`?::jsonb`). */
export function storedTopUpRules(rules: readonly RecurringTopUp[]): string {
  const stored: StoredTopUpRule[] = rules.map((rule) => ({
    trigger: rule.trigger,
    interval: rule.interval,
    thresholdCredits: unitsText(rule.thresholdCredits),
    method: rule.method,
    paidCredits: unitsText(rule.paidCredits),
    grantedCredits: unitsText(rule.grantedCredits),
    targetCredits: unitsText(rule.targetCredits),
  }));
  return JSON.stringify(stored);
}

/** The rules as the column holds them (the driver parses jsonb). */
export function readTopUpRules(column: unknown): RecurringTopUp[] {
  if (!Array.isArray(column)) throw new Error('wallets.recurring_top_ups is not an array');
  return (column as Partial<StoredTopUpRule>[]).map((stored) => {
    if (stored.trigger === undefined || stored.method === undefined) {
      throw new Error(`a stored top-up rule lacks its trigger or method: ${JSON.stringify(stored)}`);
    }
    return {
      trigger: stored.trigger,
      interval: stored.interval ?? null,
      thresholdCredits: unitsOf(stored.thresholdCredits),
      method: stored.method,
      paidCredits: unitsOf(stored.paidCredits),
      grantedCredits: unitsOf(stored.grantedCredits),
      targetCredits: unitsOf(stored.targetCredits),
    };
  });
}

/** The rule of `trigger`, if the wallet has one (at most one each). */
export function topUpRuleOf(rules: readonly RecurringTopUp[], trigger: TopUpTrigger): RecurringTopUp | undefined {
  return rules.find((rule) => rule.trigger === trigger);
}

/**
 * The credits a rule adds are worth at most the money maximum at the wallet's rate, as a request's are: each firing
 * records their value (and a paid one's invoice bills it). 400 naming `body.recurringTopUps.<i>.<field>`.
 */
export function requireTopUpRulesWorth(rules: readonly RecurringTopUp[], rate: Decimal): void {
  rules.forEach((rule, index) => {
    for (const field of ['paidCredits', 'grantedCredits', 'targetCredits'] as const) {
      const credits = rule[field];
      if (credits !== null) requireWorthWithinMoney({ credits, rate, field: `recurringTopUps.${index}.${field}` });
    }
  });
}
