import { formatDecimal, parseCurrencyCode, parseDecimal, parseMajorUnits } from '../money';
import type { CouponFrequency, CouponTerms } from './coupon-terms';

/** A rule a coupon's fields break, naming the field as the request names it. */
export interface CouponFieldProblem {
  field: string;
  message: string;
}

/** Decimals of a coupon percentage (up to 4). */
const PERCENTAGE_DECIMALS = 4;

const required = (field: string, when: string): CouponFieldProblem => ({ field, message: `is required when ${when}` });
const forbidden = (field: string, when: string): CouponFieldProblem => ({
  field,
  message: `is not allowed when ${when}`,
});

/** What a coupon's discount is asked as: a percentage, or an amount in a currency (major units). */
export interface DiscountInput {
  discountType: CouponTerms['discountType'];
  percentage?: number | undefined;
  amount?: number | undefined;
  currency?: string | undefined;
}

/**
 * The discount terms, or every inconsistency between the fields (so one refusal names each): a percentage above 0
 * with at most 4 decimals and no amount or currency; or an amount above 0 in a currency, with its decimals.
 */
export function couponTermsOf(input: DiscountInput, problems: CouponFieldProblem[]): CouponTerms | undefined {
  if (input.discountType === 'PERCENTAGE') {
    const when = 'discountType is PERCENTAGE';
    if (input.amount !== undefined) problems.push(forbidden('amount', when));
    if (input.currency !== undefined) problems.push(forbidden('currency', when));
    if (input.percentage === undefined) return void problems.push(required('percentage', when));
    if (input.percentage === 0) return void problems.push({ field: 'percentage', message: 'must be above 0' });
    const parsed = parseDecimal(input.percentage, PERCENTAGE_DECIMALS);
    if (!parsed.ok) return void problems.push({ field: 'percentage', message: parsed.error.message });
    return { discountType: 'PERCENTAGE', percentage: formatDecimal(parsed.value) };
  }
  const when = 'discountType is FIXED_AMOUNT';
  if (input.percentage !== undefined) problems.push(forbidden('percentage', when));
  if (input.amount === undefined) problems.push(required('amount', when));
  if (input.currency === undefined) return void problems.push(required('currency', when));
  const currency = parseCurrencyCode(input.currency);
  if (!currency.ok) return void problems.push({ field: 'currency', message: currency.error.message });
  if (input.amount === undefined) return undefined;
  if (input.amount === 0) return void problems.push({ field: 'amount', message: 'must be above 0' });
  const amount = parseMajorUnits(input.amount, currency.value);
  if (!amount.ok) return void problems.push({ field: 'amount', message: amount.error.message });
  return { discountType: 'FIXED_AMOUNT', amountMinor: amount.value.amount, currency: currency.value };
}

/** A RECURRING coupon lasts `frequencyDuration` billing periods; the other frequencies take none. */
export function frequencyProblems(
  frequency: CouponFrequency,
  frequencyDuration: number | undefined,
): CouponFieldProblem[] {
  const recurring = frequency === 'RECURRING';
  if (recurring && frequencyDuration === undefined) {
    return [required('frequencyDuration', 'frequency is RECURRING')];
  }
  if (!recurring && frequencyDuration !== undefined) {
    return [forbidden('frequencyDuration', `frequency is ${frequency}`)];
  }
  return [];
}

/** An expiry must be in the future when it is set. */
export function expiryProblems(expiresAt: Date | null | undefined, now: Date): CouponFieldProblem[] {
  if (expiresAt === undefined || expiresAt === null || expiresAt.getTime() > now.getTime()) return [];
  return [{ field: 'expiresAt', message: 'must be in the future' }];
}
