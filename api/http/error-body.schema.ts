import { Type, type Static } from '@sinclair/typebox';
import { named } from '../openapi/schema-registry';

export const ErrorDetailSchema = named(
  'ErrorDetail',
  Type.Object(
    {
      path: Type.String({ description: 'Where the problem is, e.g. body.currency or query.limit' }),
      message: Type.String(),
    },
    {
      additionalProperties: false,
      example: { path: 'body.currency', message: 'XYZ is not an ISO 4217 currency code' },
    },
  ),
);

export const ErrorBodySchema = named(
  'Error',
  Type.Object(
    {
      statusCode: Type.Integer({ minimum: 400, maximum: 599 }),
      message: Type.String(),
      error: Type.String({ description: 'Stable snake_case code, e.g. customer_not_found' }),
      details: Type.Optional(Type.Array(ErrorDetailSchema)),
      retryAfter: Type.Optional(Type.Integer({ minimum: 0, description: 'Seconds to wait (429 only)' })),
    },
    {
      additionalProperties: false,
      example: {
        statusCode: 400,
        message: 'Validation failed: body.currency XYZ is not an ISO 4217 currency code',
        error: 'validation_failed',
        details: [{ path: 'body.currency', message: 'XYZ is not an ISO 4217 currency code' }],
      },
    },
  ),
);

export type ErrorBody = Static<typeof ErrorBodySchema>;
