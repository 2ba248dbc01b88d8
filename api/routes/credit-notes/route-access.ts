import { ErrorBodySchema } from '../../http/error-body.schema';

export const CREDIT_NOTE_TAGS = ['Credit notes'];
export const CREDIT_NOTE_READ = { kind: 'apiKey', scope: 'credit_notes:read' } as const;
export const CREDIT_NOTE_WRITE = { kind: 'apiKey', scope: 'credit_notes:write' } as const;
export const errorResponse = (description: string) => ({ description, schema: ErrorBodySchema });
