import type { CustomerRecord } from '../../../services/catalog/customers';
import type { CustomerJson } from './schema';

/** CONTRACT §7's customer record; timestamps in ISO 8601 UTC with milliseconds. */
export function presentCustomer(record: CustomerRecord): CustomerJson {
  return {
    id: record.id,
    externalId: record.externalId,
    name: record.name,
    email: record.email,
    country: record.country,
    currency: record.currency,
    timezone: record.timezone,
    netPaymentTerms: record.netPaymentTerms,
    metadata: record.metadata,
    testClockId: record.testClockId,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
