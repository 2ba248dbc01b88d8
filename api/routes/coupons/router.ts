import {
  couponError,
  couponValue,
  createCoupon,
  deleteCoupon,
  findCoupon,
  listCoupons,
  updateCoupon,
} from '../../../services/catalog/coupons';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { appliedCouponRoutes } from './applied-router';
import { toCouponChange, toNewCoupon } from './coupon-input';
import { presentCoupon } from './presenter';
import { COUPON_READ, COUPON_TAGS, COUPON_WRITE, errorResponse } from './route-access';
import {
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from './schema';

const NOT_FOUND = errorResponse('`coupon_not_found`: unknown, deleted, or another tenant’s');

/** Coupons and their application to customers (SPEC §4.9). */
export function couponRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/coupons',
      operationId: 'createCoupon',
      summary: 'Create a coupon: a percentage or a fixed amount, once, for some periods, or forever',
      description:
        'PERCENTAGE takes `percentage` (no amount or currency); FIXED_AMOUNT takes `amount` and `currency` (no ' +
        'percentage), with the currency’s decimals; RECURRING requires `frequencyDuration`, which ONCE and FOREVER ' +
        'refuse; `expiresAt` must be in the future. A break of these rules is a 400 naming the field. A coupon ' +
        'discounts subscription lines, or with `billableMetricIds` only the usage lines of those metrics.',
      tags: COUPON_TAGS,
      auth: COUPON_WRITE,
      body: CreateCouponBodySchema,
      responses: {
        201: { description: 'The coupon', schema: CouponSchema },
        400: errorResponse('`validation_failed`, naming the field: terms of the other discount type, no future expiry'),
        404: errorResponse(
          '`plan_not_found`: an id in planIds is unknown; `billable_metric_not_found`: one in billableMetricIds',
        ),
        409: errorResponse('`coupon_code_taken` (codes compare case-insensitively)'),
      },
      handler: async ({ body, ctx }) => {
        const coupon = toNewCoupon(body, deps.clock.now());
        return presentCoupon(couponValue(await createCoupon(callerTenantSql(ctx, orm), coupon), coupon.code));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/coupons',
      operationId: 'listCoupons',
      summary: 'List coupons, newest first',
      tags: COUPON_TAGS,
      auth: COUPON_READ,
      query: CouponListQuerySchema,
      responses: { 200: { description: 'A page of coupons', schema: CouponListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filter = query.isActive === undefined ? {} : { isActive: query.isActive };
        const { records, total } = await listCoupons(callerTenantSql(ctx, orm), { ...window, ...filter });
        return toListEnvelope(records.map(presentCoupon), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/coupons/:id',
      operationId: 'getCoupon',
      summary: 'One coupon',
      tags: COUPON_TAGS,
      auth: COUPON_READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The coupon', schema: CouponSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const coupon = await findCoupon(callerTenantSql(ctx, orm), params.id);
        if (coupon === undefined) throw couponError({ code: 'coupon_not_found' }, params.id);
        return presentCoupon(coupon);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/coupons/:id',
      operationId: 'updateCoupon',
      summary: 'Update a coupon; the code and the discount terms are immutable',
      tags: COUPON_TAGS,
      auth: COUPON_WRITE,
      params: IdParamsSchema,
      body: UpdateCouponBodySchema,
      responses: {
        200: { description: 'The updated coupon', schema: CouponSchema },
        400: errorResponse('`validation_failed`, e.g. `body.percentage is immutable once the coupon exists`'),
        404: errorResponse('`coupon_not_found`, or `plan_not_found` for an id in planIds'),
        409: errorResponse('`max_redemptions_below_redemptions`'),
      },
      handler: async ({ params, body, ctx }) => {
        const change = toCouponChange(body, deps.clock.now());
        return presentCoupon(couponValue(await updateCoupon(callerTenantSql(ctx, orm), params.id, change), params.id));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/coupons/:id',
      operationId: 'deleteCoupon',
      summary: 'Delete a coupon',
      description:
        'A coupon never applied is deleted. One that was applied is soft-deleted (inactive, hidden, its code freed); ' +
        'its applied coupons stay as they are.',
      tags: COUPON_TAGS,
      auth: COUPON_WRITE,
      params: IdParamsSchema,
      responses: { 200: { description: 'The deleted coupon', schema: CouponSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) =>
        presentCoupon(couponValue(await deleteCoupon(callerTenantSql(ctx, orm), params.id), params.id)),
    }),
    ...appliedCouponRoutes(deps),
  ];
}
