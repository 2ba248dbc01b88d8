import { ErrorBodySchema } from '../../http/error-body.schema';

export const INVOICE_TAGS = ['Invoices'];
export const INVOICE_READ = { kind: 'apiKey', scope: 'invoices:read' } as const;
export const INVOICE_WRITE = { kind: 'apiKey', scope: 'invoices:write' } as const;
export const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });
