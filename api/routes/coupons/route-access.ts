import { ErrorBodySchema } from '../../http/error-body.schema';

export const COUPON_TAGS = ['Coupons'];
export const COUPON_READ = { kind: 'apiKey', scope: 'coupons:read' } as const;
export const COUPON_WRITE = { kind: 'apiKey', scope: 'coupons:write' } as const;
export const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });
