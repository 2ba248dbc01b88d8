import { Type } from '@sinclair/typebox';
import { listCountryCodes, parseCountryCode } from '../../domain/countries';
import { parseId, type Id, type IdKind } from '../../domain/ids';
import { listCurrencyCodes, MAX_MONEY_MAJOR_UNITS, parseCurrencyCode, type CurrencyCode } from '../../domain/money';
import { listTimeZones } from '../../domain/periods';
import { validationFailed } from '../../services/platform/errors';
import { named } from '../openapi/schema-registry';
import { DATE_OR_DATE_TIME } from '../validation/validator';

/**
 * Request and response building blocks shared by resources. Codes are checked against their ISO lists after the
 * schema (which only checks the shape), so the 400 names the field and says why.
 */

const upperAndLower = (codes: readonly string[]) => [...codes, ...codes.map((code) => code.toLowerCase())];

/**
 * Exactly the listed codes, in any case (CONTRACT §5), as one pattern: `[Uu][Ss][Dd]|...`. An enum cannot say "any
 * case" and a bare `^[A-Za-z]{3}$` would call unknown codes valid.
 */
function anyCaseCodeSchema(name: string, codes: readonly string[], standard: string, example: string) {
  const anyCase = (code: string) => Array.from(code, (char) => `[${char.toUpperCase()}${char.toLowerCase()}]`).join('');
  return named(
    name,
    Type.String({
      pattern: `^(${codes.map(anyCase).join('|')})$`,
      description: `${standard}, any case; stored and returned upper case`,
      example,
    }),
  );
}

export const CurrencyCodeSchema = anyCaseCodeSchema(
  'CurrencyCode',
  listCurrencyCodes(),
  'ISO 4217 alphabetic code with a minor unit',
  'USD',
);

export const CountryCodeSchema = anyCaseCodeSchema('CountryCode', listCountryCodes(), 'ISO 3166-1 alpha-2 code', 'DE');

export const TimeZoneSchema = named(
  'TimeZone',
  Type.String({
    enum: upperAndLower(listTimeZones()),
    description: 'IANA time zone as the runtime lists it, or in lower case; returned canonical',
    example: 'Europe/Berlin',
  }),
);

/** Free string values keyed by the caller (CONTRACT §7). `additionalProperties`, not patternProperties: OpenAPI 3.0. */
export const MetadataSchema = Type.Object(
  {},
  { additionalProperties: Type.String({ maxLength: 500 }), maxProperties: 50, example: { crmId: 'A-1042' } },
);

export const TimestampSchema = Type.String({ format: 'date-time', example: '2026-11-21T10:00:00.000Z' });

/** An input that takes a date or a timestamp (CONTRACT §1); a real calendar date, checked by its format. */
export const DateOrTimestampSchema = (description: string, example: string) =>
  Type.String({ format: DATE_OR_DATE_TIME, description, example });

/**
 * The largest amount an input takes, in major units: the money maximum (domain/money/bounds.ts), within the largest
 * amount stored exactly for every currency, up to CLF's four decimals, so one bound holds whatever the currency.
 */
export const MAX_MAJOR_UNIT_AMOUNT = MAX_MONEY_MAJOR_UNITS;

/** An amount in major units (49.99 USD, 1500 JPY, 1.234 KWD); its decimals are checked against the currency. */
export const MajorUnitAmountSchema = Type.Number({ minimum: 0, maximum: MAX_MAJOR_UNIT_AMOUNT, example: 49.99 });

/** An amount in major units above 0 (what a refund or a credit note moves); decimals checked as above. */
export const PositiveMajorUnitAmountSchema = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_MAJOR_UNIT_AMOUNT,
  example: 49.99,
});

/** `:id` path parameter: any string; an unknown or malformed id is a 404, never a 400 (no existence leak). */
export const IdParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });

/** The `:id` of a resource as its branded id; a malformed one names nothing, so it is the resource's 404. */
export function idFromPath<K extends IdKind>(kind: K, value: string, notFound: (id: string) => Error): Id<K> {
  const id = parseId(kind, value);
  if (id === undefined) throw notFound(value);
  return id;
}

export function requireCurrency(value: string, path: string): CurrencyCode {
  const result = parseCurrencyCode(value);
  if (!result.ok) throw validationFailed([{ path, message: result.error.message }]);
  return result.value;
}

export function requireCountry(value: string, path: string): string {
  const result = parseCountryCode(value);
  if (!result.ok) throw validationFailed([{ path, message: result.error.message }]);
  return result.value;
}
