import { creditNoteCounterName, formatCreditNoteNumber } from '../../domain/credit-notes';
import { toZonedDateTime } from '../../domain/periods/instant';
import type { SqlTransaction } from '../../infra/db/migrator';
import { resolveTenantSettings } from '../tenants';
import type { CreditNoteSql } from './credit-note-records';

const SCHEMA_PREFIX = 'tenant_';

/** The inverse of `tenantSchemaName`: ULIDs are upper case, schema names lower case. */
function tenantIdOfSchema(schema: string): string {
  if (!schema.startsWith(SCHEMA_PREFIX)) throw new Error(`not a tenant schema: ${JSON.stringify(schema)}`);
  return `ten_${schema.slice(SCHEMA_PREFIX.length).toUpperCase()}`;
}

/**
 * The next credit note number, `CN-<YYYY>-<000001>`: the year of `issuedAt` in the tenant's time zone, the sequence
 * from the gapless counter `credit_note:<YYYY>` of `central.counters`. The upsert holds the counter row until the
 * transaction ends, so concurrent finalizes take consecutive numbers, and a rollback gives the number back.
 */
export async function takeCreditNoteNumber(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  issuedAt: Date,
): Promise<string> {
  const tenantId = tenantIdOfSchema(sql.schema);
  const [tenant] = await sql.query<{ settings: unknown }>(
    'select settings from central.tenants where id = ?',
    [tenantId],
    transaction,
  );
  const year = toZonedDateTime(issuedAt, resolveTenantSettings(tenant?.settings).timezone).year;
  const [counter] = await sql.query<{ value: string }>(
    `insert into central.counters (tenant_id, name, value) values (?, ?, 1)
     on conflict (tenant_id, name) do update set value = central.counters.value + 1
     returning value::text as value`,
    [tenantId, creditNoteCounterName(year)],
    transaction,
  );
  if (counter === undefined) throw new Error('the credit note counter returned no value');
  return formatCreditNoteNumber(year, BigInt(counter.value));
}
