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

/**
 * The tag that tells one test clock's numbers from another's: the last 8 characters of its id (40 random bits of its
 * ULID), so two clocks of a tenant never number alike while both exist.
 */
export function testClockNumberTag(clockId: string): string {
  return clockId.slice(-8).toUpperCase();
}

/**
 * A test clock customer's invoice: `<invoicePrefix>-TEST-<clock tag>-<000001>`, numbered in the clock's own sequence
 * (no year: one sequence per clock), so the tenant's real, gapless sequence never moves for a simulation.
 */
export function formatTestClockInvoiceNumber(input: { prefix: string; clockId: string; sequence: bigint }): string {
  const sequence = input.sequence.toString().padStart(SEQUENCE_DIGITS, '0');
  return `${input.prefix}-TEST-${testClockNumberTag(input.clockId)}-${sequence}`;
}
