import { formatDecimal, parseDecimal, parseMajorUnits, parseCurrencyCode } from '../../../domain/money';
import type { CouponTerms } from '../../../domain/coupons';
import type { CouponReference } from '../../../services/catalog/coupons';
import type { CouponChange, NewCoupon } from '../../../services/catalog/coupons';
import { validationFailed, type ErrorDetail } from '../../../services/platform/errors';
import type { ApplyCouponBody, CreateCouponBody, UpdateCouponBody } from './schema';

/** Decimals of a coupon percentage (CONTRACT §5: percentages carry up to 4). */
const PERCENTAGE_DECIMALS = 4;

const required = (field: string, when: string): ErrorDetail => ({
  path: `body.${field}`,
  message: `is required when ${when}`,
});
const forbidden = (field: string, when: string): ErrorDetail => ({
  path: `body.${field}`,
  message: `is not allowed when ${when}`,
});

/** The discount terms of a create body; every inconsistency is collected so one 400 names each field. */
function readTerms(body: CreateCouponBody, details: ErrorDetail[]): CouponTerms | undefined {
  if (body.discountType === 'PERCENTAGE') {
    const when = 'discountType is PERCENTAGE';
    if (body.amount !== undefined) details.push(forbidden('amount', when));
    if (body.currency !== undefined) details.push(forbidden('currency', when));
    if (body.percentage === undefined) return void details.push(required('percentage', when));
    // The schema refuses 0 itself; kept so the terms never hold a zero percentage.
    if (body.percentage === 0) return void details.push({ path: 'body.percentage', message: 'must be above 0' });
    const parsed = parseDecimal(body.percentage, PERCENTAGE_DECIMALS);
    if (!parsed.ok) return void details.push({ path: 'body.percentage', message: parsed.error.message });
    return { discountType: 'PERCENTAGE', percentage: formatDecimal(parsed.value) };
  }
  const when = 'discountType is FIXED_AMOUNT';
  if (body.percentage !== undefined) details.push(forbidden('percentage', when));
  if (body.amount === undefined) details.push(required('amount', when));
  if (body.currency === undefined) return void details.push(required('currency', when));
  const currency = parseCurrencyCode(body.currency);
  if (!currency.ok) return void details.push({ path: 'body.currency', message: currency.error.message });
  if (body.amount === undefined) return undefined;
  if (body.amount === 0) return void details.push({ path: 'body.amount', message: 'must be above 0' });
  const amount = parseMajorUnits(body.amount, currency.value);
  if (!amount.ok) return void details.push({ path: 'body.amount', message: amount.error.message });
  return { discountType: 'FIXED_AMOUNT', amountMinor: amount.value.amount, currency: currency.value };
}

function readExpiresAt(value: string | null | undefined, now: Date, details: ErrorDetail[]): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const at = new Date(value);
  if (at.getTime() <= now.getTime()) details.push({ path: 'body.expiresAt', message: 'must be in the future' });
  return at;
}

/** POST /coupons: the code upper-cased, defaults applied (no expiry, unlimited, any plan, active). */
export function toNewCoupon(body: CreateCouponBody, now: Date): NewCoupon {
  const details: ErrorDetail[] = [];
  const terms = readTerms(body, details);
  const recurring = body.frequency === 'RECURRING';
  if (recurring && body.frequencyDuration === undefined) {
    details.push(required('frequencyDuration', 'frequency is RECURRING'));
  }
  if (!recurring && body.frequencyDuration !== undefined) {
    details.push(forbidden('frequencyDuration', `frequency is ${body.frequency}`));
  }
  const expiresAt = readExpiresAt(body.expiresAt, now, details);
  if (details.length > 0 || terms === undefined) throw validationFailed(details);
  return {
    code: body.code.toUpperCase(),
    name: body.name,
    description: body.description ?? null,
    terms,
    frequency: body.frequency,
    frequencyDuration: recurring ? (body.frequencyDuration ?? null) : null,
    expiresAt: expiresAt ?? null,
    maxRedemptions: body.maxRedemptions ?? null,
    planIds: body.planIds ?? [],
    isActive: body.isActive ?? true,
  };
}

/** PATCH /coupons/:id; the schema refuses the code and discount terms. */
export function toCouponChange(body: UpdateCouponBody, now: Date): CouponChange {
  const details: ErrorDetail[] = [];
  const expiresAt = readExpiresAt(body.expiresAt, now, details);
  if (details.length > 0) throw validationFailed(details);
  const change: CouponChange = {};
  if (body.name !== undefined) change.name = body.name;
  if (body.description !== undefined) change.description = body.description;
  if (expiresAt !== undefined) change.expiresAt = expiresAt;
  if (body.maxRedemptions !== undefined) change.maxRedemptions = body.maxRedemptions;
  if (body.isActive !== undefined) change.isActive = body.isActive;
  if (body.planIds !== undefined) change.planIds = body.planIds;
  return change;
}

/**
 * POST /coupons/apply: exactly one of couponCode (any case) and couponId, as the schema lets through
 * (exactlyOneOf); the throw below only narrows the type.
 */
export function toCouponReference(body: ApplyCouponBody): CouponReference {
  if (body.couponId !== undefined) return { couponId: body.couponId };
  if (body.couponCode === undefined) {
    throw validationFailed([{ path: 'body.couponCode', message: 'is required (or couponId)' }]);
  }
  return { code: body.couponCode.toUpperCase() };
}
