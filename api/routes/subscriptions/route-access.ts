import { ErrorBodySchema } from '../../http/error-body.schema';

export const SUBSCRIPTION_TAGS = ['Subscriptions'];
export const SUBSCRIPTION_READ = { kind: 'apiKey', scope: 'subscriptions:read' } as const;
export const SUBSCRIPTION_WRITE = { kind: 'apiKey', scope: 'subscriptions:write' } as const;
export const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });
export const SUBSCRIPTION_NOT_FOUND = errorResponse('`subscription_not_found`: unknown, or another tenant’s');
