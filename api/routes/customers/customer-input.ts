import { parseTimeZone } from '../../../domain/periods';
import type { CustomerChanges, CustomerValues } from '../../../services/catalog/customers';
import { validationFailed } from '../../../services/platform/errors';
import { requireCountry, requireCurrency } from '../../schemas/common';
import type { CreateCustomerBody, UpdateCustomerBody } from './schema';

/**
 * The checks the schema cannot make: codes against their ISO lists (stored upper case) and the time zone against
 * the IANA database (stored in its canonical spelling).
 */
export function customerValuesOf(body: CreateCustomerBody): CustomerValues {
  return {
    externalId: body.externalId,
    name: body.name ?? null,
    email: body.email,
    country: body.country === undefined ? null : requireCountry(body.country, 'body.country'),
    currency: requireCurrency(body.currency, 'body.currency'),
    timezone: body.timezone === undefined ? null : requireTimeZone(body.timezone, 'body.timezone'),
    netPaymentTerms: body.netPaymentTerms ?? null,
    metadata: body.metadata ?? {},
  };
}

/** Only the properties present in the body; null clears a nullable one. */
export function customerChangesOf(body: UpdateCustomerBody): CustomerChanges {
  const changes: CustomerChanges = {};
  if (body.externalId !== undefined) changes.externalId = body.externalId;
  if (body.name !== undefined) changes.name = body.name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.country !== undefined) {
    changes.country = body.country === null ? null : requireCountry(body.country, 'body.country');
  }
  if (body.currency !== undefined) changes.currency = requireCurrency(body.currency, 'body.currency');
  if (body.timezone !== undefined) {
    changes.timezone = body.timezone === null ? null : requireTimeZone(body.timezone, 'body.timezone');
  }
  if (body.netPaymentTerms !== undefined) changes.netPaymentTerms = body.netPaymentTerms;
  if (body.metadata !== undefined) changes.metadata = body.metadata;
  return changes;
}

function requireTimeZone(value: string, path: string): string {
  const result = parseTimeZone(value);
  if (!result.ok) throw validationFailed([{ path, message: result.error.message }]);
  return result.value;
}
