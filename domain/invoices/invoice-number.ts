import { toZonedDateTime } from '../periods/instant';

const SEQUENCE_DIGITS = 6;

/**
 * The year an invoice is numbered in: the issue instant's year in the tenant's time zone, so an invoice issued at
 * 2026-12-31 20:00 in New York is a 2026 invoice although it is 2027 in UTC.
 */
export function invoiceNumberYear(issuedAt: Date, timeZone: string): number {
  return toZonedDateTime(issuedAt, timeZone).year;
}

/** The per-tenant counter a year's numbers come from; a new year starts again at 1. */
export function invoiceCounterName(year: number): string {
  return `invoice:${year}`;
}

/** `<invoicePrefix>-<YYYY>-<000001>` (CONTRACT §7); sequences beyond six digits keep every digit. */
export function formatInvoiceNumber(input: { prefix: string; year: number; sequence: bigint }): string {
  return `${input.prefix}-${input.year}-${input.sequence.toString().padStart(SEQUENCE_DIGITS, '0')}`;
}
