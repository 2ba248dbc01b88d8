import { formatInvoiceNumber, invoiceCounterName, invoiceNumberYear } from './invoice-number';

describe('invoice numbers', () => {
  it('pads the sequence to six digits after the prefix and year', () => {
    expect(formatInvoiceNumber({ prefix: 'INV', year: 2026, sequence: 1n })).toBe('INV-2026-000001');
    expect(formatInvoiceNumber({ prefix: 'ACME', year: 2027, sequence: 1234567n })).toBe('ACME-2027-1234567');
  });

  it("numbers in the tenant's year: New Year's Eve in New York is still the old year", () => {
    const instant = new Date('2027-01-01T01:00:00.000Z');
    expect(invoiceNumberYear(instant, 'UTC')).toBe(2027);
    expect(invoiceNumberYear(instant, 'America/New_York')).toBe(2026);
    expect(invoiceCounterName(2026)).toBe('invoice:2026');
  });
});
