import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/payments';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '../../../services/payments';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { MetadataSchema, TimestampSchema } from '../../schemas/common';

export const PaymentStatusSchema = named(
  'PaymentStatus',
  Type.Unsafe<PaymentStatus>({ type: 'string', enum: [...PAYMENT_STATUSES], example: 'SUCCEEDED' }),
);

export const PaymentProviderSchema = named(
  'PaymentProviderName',
  Type.Unsafe<PaymentProvider>({
    type: 'string',
    enum: [...PAYMENT_PROVIDERS],
    description: 'MANUAL for invoices marked paid outside the platform',
    example: 'MANUAL',
  }),
);

const id = (prefix: string) =>
  Type.String({ pattern: `^${prefix}_${ULID_PATTERN}$`, example: `${prefix}_01JD7X3Q8K9V2N4M6P8R0S2T4W` });

export const PaymentSchema = named(
  'Payment',
  Type.Object(
    {
      id: id('pay'),
      invoiceId: id('inv'),
      customerId: id('cust'),
      amount: Type.Number({ example: 30, description: 'In major units' }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      provider: PaymentProviderSchema,
      status: PaymentStatusSchema,
      amountRefunded: Type.Number({ example: 0, description: 'In major units' }),
      providerReference: Type.Union([Type.String(), Type.Null()], { example: null }),
      failureReason: Type.Union([Type.String(), Type.Null()], { example: null }),
      metadata: MetadataSchema,
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type PaymentJson = Static<typeof PaymentSchema>;

export const PaymentListSchema = listEnvelopeSchema('PaymentList', PaymentSchema);

export const PaymentListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    status: Type.Optional(PaymentStatusSchema),
    provider: Type.Optional(PaymentProviderSchema),
    customerId: Type.Optional(Type.String({ maxLength: 100 })),
    invoiceId: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
