import { applyCoupon, couponValue, terminateAppliedCoupon } from '../../../services/catalog/coupons';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { toCouponReference } from './coupon-input';
import { presentAppliedCoupon } from './presenter';
import { COUPON_TAGS, COUPON_WRITE, errorResponse } from './route-access';
import { AppliedCouponSchema, ApplyCouponBodySchema } from './schema';
import { businessTime } from '../../../services/test-clocks/business-time';

/** Applying a coupon to a customer, and removing it (SPEC §4.9). */
export function appliedCouponRoutes({ orm, clock }: AppDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/coupons/apply',
      operationId: 'applyCoupon',
      summary: 'Apply a coupon to a customer (one redemption)',
      description:
        'Refused with 409 `coupon_not_applicable` (the message says why) when no coupon has the code, or the coupon ' +
        'is inactive, expired, exhausted, already applied to the customer, or a FIXED_AMOUNT in another currency ' +
        'than the customer’s.',
      tags: COUPON_TAGS,
      auth: COUPON_WRITE,
      body: ApplyCouponBodySchema,
      responses: {
        201: { description: 'The applied coupon', schema: AppliedCouponSchema },
        400: errorResponse('`validation_failed`: neither or both of couponCode and couponId'),
        404: errorResponse('`coupon_not_found` (an unknown couponId) or `customer_not_found`'),
        409: errorResponse('`coupon_not_applicable`'),
      },
      handler: async ({ body, ctx }) => {
        const coupon = toCouponReference(body);
        const sql = callerTenantSql(ctx, orm);
        const outcome = await applyCoupon(sql, {
          coupon,
          customerId: body.customerId,
          now: await businessTime(clock).ofCustomer(sql, body.customerId),
        });
        const customerMissing = !outcome.ok && outcome.error.code === 'customer_not_found';
        const subject = customerMissing ? body.customerId : (body.couponCode ?? body.couponId ?? '');
        return presentAppliedCoupon(couponValue(outcome, subject));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/coupons/applied/:id',
      operationId: 'removeAppliedCoupon',
      summary: 'Terminate an applied coupon',
      description: 'The redemption it used is not given back.',
      tags: COUPON_TAGS,
      auth: COUPON_WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The applied coupon, TERMINATED', schema: AppliedCouponSchema },
        404: errorResponse('`applied_coupon_not_found`: unknown, or another tenant’s'),
        409: errorResponse('`applied_coupon_terminated`: terminated before'),
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const now = await businessTime(clock).ofAppliedCoupon(sql, params.id);
        return presentAppliedCoupon(
          couponValue(await terminateAppliedCoupon(sql, { appliedCouponId: params.id, now }), params.id),
        );
      },
    }),
  ];
}
