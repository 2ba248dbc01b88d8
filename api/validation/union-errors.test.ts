import { Type, type TSchema } from '@sinclair/typebox';
import { CreateChargeBodySchema, UpdateChargeBodySchema } from '../routes/charges/schema';
import { CreatePaymentProviderBodySchema } from '../routes/payment-providers/schema';
import { findSchemaViolations } from './validator';

const NOISE = /must NOT be valid|must match (a schema in anyOf|exactly one schema in oneOf)|must be equal to constant/;
const charge = { planId: 'plan_x', billableMetricId: 'bm_x' };
const stripe = { provider: 'STRIPE', credentials: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1' } };
const MODELS = 'must be one of STANDARD, GRADUATED, VOLUME, PACKAGE, PERCENTAGE';

describe('validation errors inside unions', () => {
  it.each<[string, TSchema, unknown, { path: string; message: string }[]]>([
    [
      'a STANDARD charge without amount',
      CreateChargeBodySchema,
      { ...charge, chargeModel: 'STANDARD' },
      [{ path: 'body.amount', message: 'is required' }],
    ],
    [
      'a GRADUATED charge without graduatedRanges',
      CreateChargeBodySchema,
      { ...charge, chargeModel: 'GRADUATED' },
      [{ path: 'body.graduatedRanges', message: 'is required' }],
    ],
    [
      'a charge filter without its model’s field',
      CreateChargeBodySchema,
      { ...charge, chargeModel: 'STANDARD', amount: 1, filters: [{ key: 'k', values: ['v'], properties: {} }] },
      [{ path: 'body.filters.0.properties.amount', message: 'is required' }],
    ],
    [
      'an unknown charge model',
      CreateChargeBodySchema,
      { ...charge, chargeModel: 'TIERED' },
      [{ path: 'body.chargeModel', message: MODELS }],
    ],
    [
      'a re-pricing without the model’s field',
      UpdateChargeBodySchema,
      { chargeModel: 'PACKAGE', amount: 5 },
      [{ path: 'body.packageSize', message: 'is required' }],
    ],
    [
      'a re-pricing with an unknown model',
      UpdateChargeBodySchema,
      { chargeModel: 'TIERED' },
      [{ path: 'body.chargeModel', message: MODELS }],
    ],
    [
      'a model field without chargeModel',
      UpdateChargeBodySchema,
      { amount: 1, billingTiming: 'IN_ARREARS' },
      [{ path: 'body.chargeModel', message: 'is required' }],
    ],
    [
      'a bad value of a union of constants',
      UpdateChargeBodySchema,
      { billingTiming: 'SOON' },
      [{ path: 'body.billingTiming', message: 'must be one of IN_ARREARS, IN_ADVANCE' }],
    ],
    [
      'a bad value of a nullable field',
      UpdateChargeBodySchema,
      { minAmount: -1 },
      [{ path: 'body.minAmount', message: 'must be >= 0' }],
    ],
    [
      'a provider’s credentials without a field',
      CreatePaymentProviderBodySchema,
      { ...stripe, credentials: { secretKey: 'sk_test_1' } },
      [{ path: 'body.credentials.webhookSecret', message: 'is required' }],
    ],
    [
      'another provider’s credentials',
      CreatePaymentProviderBodySchema,
      { provider: 'PAYSTACK', credentials: stripe.credentials },
      [{ path: 'body.credentials.webhookSecret', message: 'is not an allowed property' }],
    ],
  ])('names the field of %s, and only the branch its body selects', (_case, schema, body, details) => {
    expect(findSchemaViolations(schema, body, 'body')).toEqual(details);
  });

  it('keeps every branch’s reasons, without the summary, when nothing selects a branch', () => {
    const schema = Type.Union([
      Type.Object({ a: Type.String() }, { additionalProperties: false }),
      Type.Object({ b: Type.String() }, { additionalProperties: false }),
    ]);
    const details = findSchemaViolations(schema, { a: 1 }, 'body');
    expect(details).toContainEqual({ path: 'body.a', message: 'must be string' });
    expect(details.filter((detail) => NOISE.test(detail.message))).toEqual([]);
  });
});
