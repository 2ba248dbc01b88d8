import { couponTermsOf, expiryProblems, frequencyProblems, type CouponFieldProblem } from '../../../domain/coupons';
import type { CouponReference } from '../../../services/catalog/coupons';
import type { CouponChange, NewCoupon } from '../../../services/catalog/coupons';
import { validationFailed, type ErrorDetail } from '../../../services/platform/errors';
import type { ApplyCouponBody, CreateCouponBody, UpdateCouponBody } from './schema';

/** The coupon rules (domain/coupons) name fields; a request names them in its body. */
const inBody = (problems: CouponFieldProblem[]): ErrorDetail[] =>
  problems.map((problem) => ({ path: `body.${problem.field}`, message: problem.message }));

const expiryOf = (value: string | null | undefined): Date | null | undefined =>
  value === undefined || value === null ? value : new Date(value);

/**
 * POST /coupons: the code upper-cased, defaults applied (no expiry, unlimited, any plan, subscription lines, active).
 */
export function toNewCoupon(body: CreateCouponBody, now: Date): NewCoupon {
  const problems: CouponFieldProblem[] = [];
  const terms = couponTermsOf(body, problems);
  const expiresAt = expiryOf(body.expiresAt);
  problems.push(...frequencyProblems(body.frequency, body.frequencyDuration), ...expiryProblems(expiresAt, now));
  if (problems.length > 0 || terms === undefined) throw validationFailed(inBody(problems));
  const recurring = body.frequency === 'RECURRING';
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
    billableMetricIds: body.billableMetricIds ?? [],
    isActive: body.isActive ?? true,
  };
}

/** PATCH /coupons/:id; the schema refuses the code and discount terms. */
export function toCouponChange(body: UpdateCouponBody, now: Date): CouponChange {
  const expiresAt = expiryOf(body.expiresAt);
  const problems = expiryProblems(expiresAt, now);
  if (problems.length > 0) throw validationFailed(inBody(problems));
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
