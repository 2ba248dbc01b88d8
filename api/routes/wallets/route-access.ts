import { ErrorBodySchema } from '../../http/error-body.schema';

export const WALLET_TAGS = ['Wallets'];
export const WALLET_READ = { kind: 'apiKey', scope: 'wallets:read' } as const;
export const WALLET_WRITE = { kind: 'apiKey', scope: 'wallets:write' } as const;
export const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });
