import { Type, type Static } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  type PaymentProvider,
  type PaymentStatus,
  type RefundStatus,
} from '../../../domain/payments';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { MetadataSchema, PositiveMajorUnitAmountSchema, TimestampSchema } from '../../schemas/common';

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

const nullableTimestamp = Type.Union([TimestampSchema, Type.Null()]);

export const RefundStatusSchema = named(
  'RefundStatus',
  Type.Unsafe<RefundStatus>({
    type: 'string',
    enum: [...REFUND_STATUSES],
    example: 'SUCCEEDED',
  }),
);

/** A refund of a payment (CONTRACT §11); `providerReference` is the provider's refund id. */
export const RefundSchema = named(
  'Refund',
  Type.Object(
    {
      id: id('re'),
      paymentId: id('pay'),
      amount: Type.Number({ example: 10, description: 'In major units' }),
      amountFromCredit: Type.Number({
        example: 0,
        description:
          'What of `amount` was taken back from the customer credit the payment had become (unused credit is ' +
          'refunded first); the rest is money that had paid the invoice',
      }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      reason: Type.Union([Type.String(), Type.Null()], { example: 'requested_by_customer' }),
      status: RefundStatusSchema,
      providerReference: Type.Union([Type.String(), Type.Null()], { example: 're_3MtwBwLkdIwHu7ix28a3tqPa' }),
      failureReason: Type.Union([Type.String(), Type.Null()], { example: null }),
      creditNoteId: Type.Union([id('cn'), Type.Null()], { example: null }),
      creditNoteSkippedReason: Type.Union([Type.String(), Type.Null()], {
        description:
          'Why no credit note was made although `createCreditNote` asked for one (the invoice is not PAID, its ' +
          'credit notes already reach its total); the refund completes anyway',
        example: null,
      }),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type RefundJson = Static<typeof RefundSchema>;

/** A provider notification received for the payment, kept 90 days (CONTRACT §11). */
export const PaymentEventSchema = named(
  'PaymentProviderEvent',
  Type.Object(
    {
      id: Type.String({ description: "The provider's event id", example: 'evt_1NG8Du2eZvKYlo2CUI79vXWy' }),
      type: Type.String({ example: 'checkout.session.completed' }),
      receivedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type PaymentEventJson = Static<typeof PaymentEventSchema>;

export const PaymentSchema = named(
  'Payment',
  Type.Object(
    {
      id: id('pay'),
      invoiceId: id('inv'),
      customerId: id('cust'),
      amount: Type.Number({
        example: 30,
        description:
          'In major units: what the provider confirmed taking once the payment succeeded (what was asked before)',
      }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD', description: 'The currency taken' }),
      requestedAmount: Type.Number({
        example: 30,
        description:
          'What the checkout asked for, in major units of `requestedCurrency`. When the provider took another ' +
          'amount, `amount` is what was taken: it pays the invoice as far as it is due and the rest becomes ' +
          'customer credit (docs/payments.md)',
      }),
      requestedCurrency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      amountApplied: Type.Number({
        example: 30,
        description:
          'What of `amount` still pays the payment’s own invoice, in major units; the rest became customer credit ' +
          'or went back in refunds',
      }),
      provider: PaymentProviderSchema,
      status: PaymentStatusSchema,
      amountRefunded: Type.Number({ example: 0, description: 'In major units' }),
      providerReference: Type.Union([Type.String(), Type.Null()], { example: null }),
      failureReason: Type.Union([Type.String(), Type.Null()], { example: null }),
      metadata: MetadataSchema,
      checkoutUrl: Type.Union([Type.String(), Type.Null()], {
        description: 'The hosted page the payer opens; null for MANUAL and M-Pesa (the phone is prompted)',
        example: null,
      }),
      expiresAt: nullableTimestamp,
      succeededAt: nullableTimestamp,
      failedAt: nullableTimestamp,
      refunds: Type.Array(RefundSchema),
      events: Type.Array(PaymentEventSchema),
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

/** POST /payments/:id/refund (CONTRACT §11). */
export const RefundPaymentBodySchema = named(
  'RefundPaymentRequest',
  Type.Object(
    {
      amount: Type.Optional({
        ...PositiveMajorUnitAmountSchema,
        description:
          "In major units of the payment's currency, above 0, decimals as the currency has; absent: all that is " +
          'left to refund',
        example: 10,
      }),
      reason: Type.Optional(Type.String({ maxLength: 500, example: 'requested_by_customer' })),
      createCreditNote: Type.Optional(
        Type.Boolean({
          description:
            'Once the refund succeeds, also record a FINALIZED credit note of reason OTHER for the refunded amount ' +
            'on the paid invoice (default false)',
          example: false,
        }),
      ),
    },
    { additionalProperties: false, example: { amount: 10, reason: 'requested_by_customer' } },
  ),
);
export type RefundPaymentBody = Static<typeof RefundPaymentBodySchema>;
