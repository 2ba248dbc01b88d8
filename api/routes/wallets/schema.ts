import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ULID_PATTERN } from '../../../domain/ids';
import { MAX_UNIT_COUNT } from '../../../domain/money';
import { BILLING_INTERVALS } from '../../../domain/periods';
import { TOP_UP_METHODS, TOP_UP_TRIGGERS } from '../../../domain/wallets';
import {
  WALLET_STATUSES,
  WALLET_TRANSACTION_SOURCES,
  WALLET_TRANSACTION_STATUSES,
  WALLET_TRANSACTION_TRIGGERS,
  WALLET_TRANSACTION_TYPES,
  type WalletStatus,
} from '../../../services/billing/wallets';
import { listEnvelopeSchema, paginationQueryProperties } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';
import { CurrencyCodeSchema, MetadataSchema, TimestampSchema } from '../../schemas/common';

const stringEnum = <T extends string>(name: string, values: readonly T[], description: string, example: T) =>
  named(name, Type.Unsafe<T>({ type: 'string', enum: [...values], description, example }));

export const WalletStatusSchema = stringEnum(
  'WalletStatus',
  WALLET_STATUSES,
  'ACTIVE holds and spends credits; TERMINATED (deleted or expired) holds none',
  'ACTIVE',
);
const WalletIdSchema = Type.String({ pattern: `^wal_${ULID_PATTERN}$`, example: 'wal_01JD7X3Q8K9V2N4M6P8R0S2T4W' });
const CustomerIdSchema = Type.String({
  pattern: `^cust_${ULID_PATTERN}$`,
  example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W',
});

/** The largest amount of credits one request may name; its value must also fit the money maximum. */
export const MAX_CREDITS = MAX_UNIT_COUNT;
const credits = (description: string, example: number) =>
  Type.Number({ minimum: 0, maximum: MAX_CREDITS, description: `${description}; up to 5 decimals`, example });
const expirationAt = Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
  description: 'When the remaining credits are voided and the wallet TERMINATED; in the future; null never',
  example: '2027-12-31T23:59:59.000Z',
});
const threshold = Type.Union([
  credits('Ongoing credits at or below which `wallet.low_balance` is sent', 10),
  Type.Null(),
]);

const TopUpTriggerSchema = stringEnum(
  'TopUpTrigger',
  TOP_UP_TRIGGERS,
  'INTERVAL: one `interval` after the wallet’s creation and every interval after; THRESHOLD: each time the ongoing ' +
    'credits fall to `thresholdCredits` or below',
  'THRESHOLD',
);
const TopUpMethodSchema = stringEnum(
  'TopUpMethod',
  TOP_UP_METHODS,
  'FIXED adds `paidCredits` and `grantedCredits`; TARGET buys paid credits up to `targetCredits` of ongoing credits',
  'FIXED',
);
const TopUpIntervalSchema = Type.Unsafe<(typeof BILLING_INTERVALS)[number]>({
  type: 'string',
  enum: [...BILLING_INTERVALS],
  description: 'For an INTERVAL rule: how often it fires, on the customer’s calendar (the anchor day kept)',
  example: 'MONTHLY',
});
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const TOP_UP_RULE_FIELDS = {
  interval: TopUpIntervalSchema,
  thresholdCredits: credits('For a THRESHOLD rule: the ongoing credits at or below which it fires', 10),
  paidCredits: credits('For FIXED: credits bought on a credit-purchase invoice at each firing', 50),
  grantedCredits: credits('For FIXED: credits granted free at each firing', 0),
  targetCredits: credits('For TARGET: the ongoing credits a firing buys up to', 100),
};

export const RecurringTopUpSchema = named(
  'RecurringTopUp',
  Type.Object(
    {
      trigger: TopUpTriggerSchema,
      interval: nullable(TOP_UP_RULE_FIELDS.interval),
      thresholdCredits: nullable(TOP_UP_RULE_FIELDS.thresholdCredits),
      method: TopUpMethodSchema,
      paidCredits: nullable(TOP_UP_RULE_FIELDS.paidCredits),
      grantedCredits: nullable(TOP_UP_RULE_FIELDS.grantedCredits),
      targetCredits: nullable(TOP_UP_RULE_FIELDS.targetCredits),
    },
    {
      additionalProperties: false,
      description: 'A rule that tops the wallet up by itself',
      example: {
        trigger: 'THRESHOLD',
        interval: null,
        thresholdCredits: 10,
        method: 'FIXED',
        paidCredits: 50,
        grantedCredits: null,
        targetCredits: null,
      },
    },
  ),
);

const RecurringTopUpRequestSchema = named(
  'RecurringTopUpRequest',
  Type.Object(
    {
      trigger: TopUpTriggerSchema,
      interval: Type.Optional(nullable(TOP_UP_RULE_FIELDS.interval)),
      thresholdCredits: Type.Optional(nullable(TOP_UP_RULE_FIELDS.thresholdCredits)),
      method: TopUpMethodSchema,
      paidCredits: Type.Optional(nullable(TOP_UP_RULE_FIELDS.paidCredits)),
      grantedCredits: Type.Optional(nullable(TOP_UP_RULE_FIELDS.grantedCredits)),
      targetCredits: Type.Optional(nullable(TOP_UP_RULE_FIELDS.targetCredits)),
    },
    // One rule as a client sends it: only the fields its trigger and method read.
    {
      additionalProperties: false,
      example: { trigger: 'THRESHOLD', thresholdCredits: 10, method: 'FIXED', paidCredits: 50 },
    },
  ),
);
const TOP_UP_RULES =
  'At most one rule per trigger. Paid credits are sold on a credit-purchase invoice (its checkout started through ' +
  'the default payment provider when one takes the currency); a firing tops up once, whatever retries happen. A ' +
  'field the rule does not read (an `interval` on a THRESHOLD rule, `targetCredits` on a FIXED one, paid or granted ' +
  'credits on a TARGET one) is refused unless null';
const recurringTopUps = (description: string) => Type.Array(RecurringTopUpRequestSchema, { maxItems: 2, description });
export type RecurringTopUpBody = Static<typeof RecurringTopUpRequestSchema>;

export const WalletSchema = named(
  'Wallet',
  Type.Object(
    {
      id: WalletIdSchema,
      customerId: CustomerIdSchema,
      name: Type.Union([Type.String(), Type.Null()], { example: 'Prepaid credits' }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      rateAmount: Type.Number({ description: 'The value of one credit, in major units of the currency', example: 1 }),
      status: WalletStatusSchema,
      creditsBalance: Type.Number({ description: 'Settled credits held, up to 5 decimals', example: 100 }),
      balance: Type.Number({ description: 'creditsBalance × rateAmount, rounded once, in major units', example: 100 }),
      consumedCredits: Type.Number({ description: 'Credits invoices have used', example: 0 }),
      ongoingBalance: Type.Number({
        description:
          'balance less what the customer’s live subscriptions in the wallet’s currency have used so far and not ' +
          'yet been invoiced for (their usage `amount`, base fees not included), exact at this read; may be below 0',
        example: 87.5,
      }),
      ongoingCreditsBalance: Type.Number({
        description: 'creditsBalance less the credits that usage will consume (amount / rate, rounded up)',
        example: 87.5,
      }),
      expirationAt: Type.Union([TimestampSchema, Type.Null()], { example: null }),
      invoiceRequiresSuccessfulPayment: Type.Boolean({ example: false }),
      lowBalanceThresholdCredits: Type.Union([Type.Number(), Type.Null()], { example: null }),
      recurringTopUps: Type.Array(RecurringTopUpSchema),
      terminatedAt: Type.Union([TimestampSchema, Type.Null()], { example: null }),
      createdAt: TimestampSchema,
      updatedAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export type WalletJson = Static<typeof WalletSchema>;
export const WalletListSchema = listEnvelopeSchema('WalletList', WalletSchema);

export const WalletTransactionSchema = named(
  'WalletTransaction',
  Type.Object(
    {
      id: Type.String({ pattern: `^wtx_${ULID_PATTERN}$`, example: 'wtx_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      walletId: WalletIdSchema,
      transactionType: stringEnum(
        'WalletTransactionType',
        WALLET_TRANSACTION_TYPES,
        'INBOUND adds credits, OUTBOUND takes them',
        'INBOUND',
      ),
      status: stringEnum(
        'WalletTransactionStatus',
        WALLET_TRANSACTION_STATUSES,
        'SETTLED counts in the balance; PENDING waits for its purchase invoice to be paid; FAILED never will',
        'SETTLED',
      ),
      source: stringEnum(
        'WalletTransactionSource',
        WALLET_TRANSACTION_SOURCES,
        'What made it: a purchase, a grant, a void, an invoice, an invoice void, expiry or termination',
        'GRANT',
      ),
      creditAmount: Type.Number({ description: 'Credits, up to 5 decimals', example: 100 }),
      amount: Type.Number({ description: 'Their value in major units: credits × rate, rounded once', example: 100 }),
      currency: Type.String({ pattern: '^[A-Z]{3}$', example: 'USD' }),
      invoiceId: Type.Union([Type.String(), Type.Null()], { example: null }),
      trigger: stringEnum('WalletTransactionTrigger', WALLET_TRANSACTION_TRIGGERS, 'Who started it', 'MANUAL'),
      name: Type.Union([Type.String(), Type.Null()], { example: null }),
      metadata: MetadataSchema,
      settledAt: Type.Union([TimestampSchema, Type.Null()], { example: '2026-11-21T10:00:00.000Z' }),
      createdAt: TimestampSchema,
    },
    { additionalProperties: false },
  ),
);
export const WalletTransactionListSchema = listEnvelopeSchema('WalletTransactionList', WalletTransactionSchema);

export const CreateWalletBodySchema = named(
  'CreateWalletRequest',
  Type.Object(
    {
      customerId: Type.String({
        maxLength: 100,
        description: 'The customer; one ACTIVE wallet each',
        example: 'cust_01JD7X3Q8K9V2N4M6P8R0S2T4W',
      }),
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, example: 'Prepaid credits' })),
      currency: Type.Optional({ ...CurrencyCodeSchema, description: 'Default: the customer’s currency' }),
      rateAmount: Type.Optional(
        Type.Number({
          exclusiveMinimum: 0,
          maximum: 1_000_000_000,
          description: 'The value of one credit in major units, above 0, up to 12 decimals (default 1)',
          example: 1,
        }),
      ),
      paidCredits: Type.Optional(
        credits(
          'Credits sold on a credit-purchase invoice (finalized at once); they settle at once, or when that invoice ' +
            'is paid if `invoiceRequiresSuccessfulPayment`',
          0,
        ),
      ),
      grantedCredits: Type.Optional(credits('Credits given free, settled at once', 100)),
      expirationAt: Type.Optional(expirationAt),
      invoiceRequiresSuccessfulPayment: Type.Optional(
        Type.Boolean({
          description: 'Paid credits settle only once their invoice is paid (default false)',
          example: false,
        }),
      ),
      lowBalanceThresholdCredits: Type.Optional(threshold),
      recurringTopUps: Type.Optional(recurringTopUps(TOP_UP_RULES)),
    },
    { additionalProperties: false },
  ),
);
export type CreateWalletBody = Static<typeof CreateWalletBodySchema>;

export const UpdateWalletBodySchema = named(
  'UpdateWalletRequest',
  Type.Object(
    {
      name: Type.Optional(
        Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], { example: 'Credits' }),
      ),
      expirationAt: Type.Optional(expirationAt),
      lowBalanceThresholdCredits: Type.Optional(threshold),
      recurringTopUps: Type.Optional(recurringTopUps(`Replaces the wallet's rules ([] removes them). ${TOP_UP_RULES}`)),
    },
    { additionalProperties: false },
  ),
);
export type UpdateWalletBody = Static<typeof UpdateWalletBodySchema>;

export const CreateWalletTransactionsBodySchema = named(
  'CreateWalletTransactionsRequest',
  Type.Object(
    {
      walletId: Type.String({ maxLength: 100, example: 'wal_01JD7X3Q8K9V2N4M6P8R0S2T4W' }),
      paidCredits: Type.Optional(
        credits(
          'Credits sold on a credit-purchase invoice (finalized at once); PENDING until it is paid when the wallet ' +
            'has `invoiceRequiresSuccessfulPayment`',
          0,
        ),
      ),
      grantedCredits: Type.Optional(credits('Credits given free, settled at once', 50)),
      voidedCredits: Type.Optional(
        credits('Credits taken out (granted before paid, oldest first); never above the balance', 0),
      ),
      name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, example: 'Goodwill' })),
      metadata: Type.Optional(MetadataSchema),
    },
    { additionalProperties: false },
  ),
);
export type CreateWalletTransactionsBody = Static<typeof CreateWalletTransactionsBodySchema>;

export const WalletListQuerySchema = Type.Object(
  {
    ...paginationQueryProperties,
    customerId: Type.Optional(Type.String({ maxLength: 100 })),
    status: Type.Optional(WalletStatusSchema),
  },
  { additionalProperties: false },
);
export type WalletListQuery = Static<typeof WalletListQuerySchema> & { status?: WalletStatus };
