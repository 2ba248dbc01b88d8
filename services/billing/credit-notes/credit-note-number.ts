import { creditNoteCounterName, formatCreditNoteNumber } from '../../../domain/credit-notes';
import { toZonedDateTime } from '../../../domain/periods/instant';
import type { SqlTransaction } from '../../../infra/db/sql';
import { takeCounterValue } from '../../../infra/db/tenant-counters';
import { readTenantSettings } from '../../platform/tenants';
import type { CreditNoteSql } from './credit-note-records';

/**
 * The next credit note number, `CN-<YYYY>-<000001>`: the year of `issuedAt` in the tenant's time zone, the sequence
 * from the tenant's gapless counter `credit_note:<YYYY>` (so concurrent finalizes take consecutive numbers, and a
 * rollback gives the number back).
 */
export async function takeCreditNoteNumber(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  issuedAt: Date,
): Promise<string> {
  const year = toZonedDateTime(issuedAt, (await readTenantSettings(sql, transaction)).timezone).year;
  const sequence = await takeCounterValue(sql, transaction, creditNoteCounterName(year));
  return formatCreditNoteNumber(year, sequence);
}
