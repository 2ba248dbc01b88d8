import {
  creditNoteCounterName,
  formatCreditNoteNumber,
  formatTestClockCreditNoteNumber,
} from '../../../domain/credit-notes';
import { findCustomerOnRecord } from '../../catalog/customers';
import { nextTestClockNumber } from '../../catalog/test-clocks';
import { toZonedDateTime } from '../../../domain/periods/instant';
import type { SqlTransaction } from '../../../infra/db/sql';
import { takeCounterValue } from '../../../infra/db/tenant-counters';
import { readTenantSettings } from '../../platform/tenants';
import type { CreditNoteSql } from './credit-note-records';

/**
 * The next credit note number, `CN-<YYYY>-<000001>`: the year of `issuedAt` in the tenant's time zone, the sequence
 * from the tenant's gapless counter `credit_note:<YYYY>` (so concurrent finalizes take consecutive numbers, and a
 * rollback gives the number back). A credit note of a customer on a test clock takes the clock's own sequence instead
 * (`CN-TEST-<clock tag>-<000001>`), leaving the tenant's untouched.
 */
export async function takeCreditNoteNumber(
  sql: CreditNoteSql,
  transaction: SqlTransaction,
  note: { customerId: string; issuedAt: Date },
): Promise<string> {
  const { issuedAt } = note;
  const clockId = (await findCustomerOnRecord(sql, note.customerId, transaction))?.testClockId ?? null;
  if (clockId !== null) {
    const sequence = await nextTestClockNumber(sql, transaction, { clockId, document: 'credit_note' });
    return formatTestClockCreditNoteNumber(clockId, BigInt(sequence));
  }
  const year = toZonedDateTime(issuedAt, (await readTenantSettings(sql, transaction)).timezone).year;
  const sequence = await takeCounterValue(sql, transaction, creditNoteCounterName(year));
  return formatCreditNoteNumber(year, sequence);
}
