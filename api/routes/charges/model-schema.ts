import { Type, type TProperties } from '@sinclair/typebox';
import type { ChargeModel } from '../../../domain/charge-models';
import { MAX_MONEY_MAJOR_UNITS, MAX_UNIT_COUNT } from '../../../domain/money';
import { named } from '../../openapi/schema-registry';

/**
 * The parameters of each charge model, as flat body fields (SPEC §4.8 lists `graduatedRanges` on the body). Amounts
 * are JSON numbers in major units with up to 12 decimals (CONTRACT §5); they cannot be checked against a currency's
 * minor unit here because a plan has several currencies, so they are stored as exact decimal strings.
 */

const UnitAmount = (description: string, example: number) =>
  Type.Number({
    minimum: 0,
    maximum: MAX_MONEY_MAJOR_UNITS,
    description: `${description}; major units, up to 12 decimals`,
    example,
  });

export const ChargeRangeSchema = named(
  'ChargeRange',
  Type.Object(
    {
      fromValue: Type.Integer({
        minimum: 0,
        maximum: MAX_UNIT_COUNT,
        description:
          'Where the range starts: 0 for the first; then the previous range’s toValue (0-100, 100-200) or the unit ' +
          'after it (0-100, 101-200), which mean the same units',
        example: 0,
      }),
      toValue: Type.Optional(
        Type.Union([Type.Integer({ minimum: 1, maximum: MAX_UNIT_COUNT }), Type.Null()], {
          description:
            'Inclusive upper bound: the range holds the quantities above the previous range’s toValue up to this one; ' +
            'null (or omitted) on the last',
          example: 100,
        }),
      ),
      perUnitAmount: UnitAmount('Price of one unit in the range', 0.5),
      flatAmount: Type.Optional(UnitAmount('Charged once when at least one unit falls in the range (default 0)', 0)),
    },
    { additionalProperties: false },
  ),
);

const ranges = (description: string) =>
  Type.Array(ChargeRangeSchema, {
    minItems: 1,
    maxItems: 100,
    description,
    example: [
      { fromValue: 0, toValue: 100, perUnitAmount: 1, flatAmount: 0 },
      { fromValue: 100, toValue: 200, perUnitAmount: 0.5, flatAmount: 0 },
      { fromValue: 200, toValue: null, perUnitAmount: 0.1, flatAmount: 0 },
    ],
  });

/** Each model's own fields, keyed by model: spread into request bodies and charge filters. */
export const MODEL_PROPERTIES = {
  STANDARD: { amount: UnitAmount('Price per unit', 0.0004) },
  GRADUATED: {
    graduatedRanges: ranges('Each range prices the units falling in it; from 0, without gaps, the last open'),
  },
  VOLUME: { volumeRanges: ranges('Every unit at the price of the range the total falls in, plus its flat fee') },
  PACKAGE: {
    amount: UnitAmount('Price of one package, started packages count in full', 5),
    packageSize: Type.Integer({
      minimum: 1,
      maximum: MAX_UNIT_COUNT,
      description: 'Units in a package',
      example: 1000,
    }),
    freeUnits: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_UNIT_COUNT,
        description: 'Units free before packages count',
        example: 0,
      }),
    ),
  },
  PERCENTAGE: {
    rate: Type.Number({
      minimum: 0,
      maximum: 100,
      description: 'Percentage of each transaction, up to 4 decimals',
      example: 2.5,
    }),
    fixedAmount: Type.Optional(UnitAmount('Added to the fee of every paying transaction', 0.3)),
    freeUnitsPerEvents: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_UNIT_COUNT,
        description: 'The first N transactions of a period are free',
        example: 10,
      }),
    ),
    freeUnitsPerTotalAggregation: Type.Optional(
      UnitAmount('The first X of transaction amount of a period is free (with both, whichever ends first)', 1000),
    ),
    perTransactionMin: Type.Optional(UnitAmount('Least fee of a paying transaction', 0.5)),
    perTransactionMax: Type.Optional(UnitAmount('Greatest fee of a paying transaction', 50)),
  },
} satisfies Record<ChargeModel, TProperties>;

export type ModelProperties = typeof MODEL_PROPERTIES;
