import { findNextPeriod, type BillingInterval } from '../periods';
import type { CreditUnits } from './credits';

export const TOP_UP_TRIGGERS = ['INTERVAL', 'THRESHOLD'] as const;
export type TopUpTrigger = (typeof TOP_UP_TRIGGERS)[number];
export const TOP_UP_METHODS = ['FIXED', 'TARGET'] as const;
export type TopUpMethod = (typeof TOP_UP_METHODS)[number];

/**
 * A rule that tops a wallet up by itself. INTERVAL fires one `interval` after the wallet's creation and every interval
 * after; THRESHOLD fires when the ongoing credits fall to `thresholdCredits` or below. FIXED adds the given paid and
 * granted credits; TARGET buys paid credits up to `targetCredits` of ongoing credits.
 */
export interface RecurringTopUp {
  trigger: TopUpTrigger;
  interval: BillingInterval | null;
  thresholdCredits: CreditUnits | null;
  method: TopUpMethod;
  paidCredits: CreditUnits | null;
  grantedCredits: CreditUnits | null;
  targetCredits: CreditUnits | null;
}

/** A rule's problem, named by the field of the rule (`interval`, `thresholdCredits`, ...) or the list. */
export interface TopUpRuleProblem {
  index: number;
  field: string | null;
  message: string;
}

const positive = (credits: CreditUnits | null): boolean => credits !== null && credits > 0n;

function ruleProblems(rule: RecurringTopUp, index: number): TopUpRuleProblem[] {
  const problems: TopUpRuleProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ index, field, message });
  if (rule.trigger === 'INTERVAL' && rule.interval === null) problem('interval', 'is required for an INTERVAL rule');
  if (rule.trigger === 'THRESHOLD' && rule.thresholdCredits === null) {
    problem('thresholdCredits', 'is required for a THRESHOLD rule');
  }
  if (rule.method === 'FIXED' && !positive(rule.paidCredits) && !positive(rule.grantedCredits)) {
    problem('paidCredits', 'a FIXED rule gives paidCredits or grantedCredits above 0');
  }
  if (rule.method === 'TARGET' && !positive(rule.targetCredits))
    problem('targetCredits', 'a TARGET rule needs it above 0');
  for (const field of fieldsNotOfRule(rule)) problem(field, `does not belong to a ${rule.trigger} ${rule.method} rule`);
  if (
    rule.method === 'TARGET' &&
    rule.trigger === 'THRESHOLD' &&
    rule.targetCredits !== null &&
    rule.thresholdCredits !== null &&
    rule.targetCredits <= rule.thresholdCredits
  ) {
    problem('targetCredits', 'must be above thresholdCredits, or the top-up would leave the wallet at its threshold');
  }
  return problems;
}

/**
 * Fields given (not null) that the rule's trigger or method does not read: refused rather than stored and ignored, so
 * a rule means what it says (a THRESHOLD rule with an `interval` is not an INTERVAL rule too).
 */
function fieldsNotOfRule(rule: RecurringTopUp): string[] {
  const foreign: string[] = [];
  if (rule.trigger === 'THRESHOLD' && rule.interval !== null) foreign.push('interval');
  if (rule.trigger === 'INTERVAL' && rule.thresholdCredits !== null) foreign.push('thresholdCredits');
  if (rule.method === 'FIXED' && rule.targetCredits !== null) foreign.push('targetCredits');
  if (rule.method === 'TARGET' && rule.paidCredits !== null) foreign.push('paidCredits');
  if (rule.method === 'TARGET' && rule.grantedCredits !== null) foreign.push('grantedCredits');
  return foreign;
}

/** The rules' problems: each rule's own, and a second rule for one trigger (at most one rule per trigger). */
export function recurringTopUpProblems(rules: readonly RecurringTopUp[]): TopUpRuleProblem[] {
  const problems = rules.flatMap(ruleProblems);
  rules.forEach((rule, index) => {
    if (rules.findIndex((other) => other.trigger === rule.trigger) < index) {
      problems.push({ index, field: 'trigger', message: `a wallet has at most one ${rule.trigger} rule` });
    }
  });
  return problems;
}

/** The credits one firing adds; undefined when a TARGET is already met (nothing to buy). */
export function topUpCredits(
  rule: RecurringTopUp,
  ongoingCredits: CreditUnits,
): { paidCredits: CreditUnits; grantedCredits: CreditUnits } | undefined {
  if (rule.method === 'FIXED') {
    return { paidCredits: rule.paidCredits ?? 0n, grantedCredits: rule.grantedCredits ?? 0n };
  }
  const missing = (rule.targetCredits ?? 0n) - ongoingCredits;
  return missing > 0n ? { paidCredits: missing, grantedCredits: 0n } : undefined;
}

/** One INTERVAL firing: the n-th interval after the wallet's creation (1 is the first), and when it is due. */
export interface IntervalFiring {
  number: number;
  at: Date;
}

/**
 * The first INTERVAL firing strictly after `after`: firings fall one interval, two intervals, ... after the wallet's
 * creation, on the customer's local calendar, the anchor day kept and month ends clamped (as billing periods are).
 */
export function nextIntervalFiring(
  schedule: { createdAt: Date; interval: BillingInterval; timeZone: string },
  after: Date,
): IntervalFiring {
  const next = findNextPeriod(
    { anchor: schedule.createdAt, interval: schedule.interval, timeZone: schedule.timeZone },
    after,
  );
  return { number: next.index, at: next.start };
}
