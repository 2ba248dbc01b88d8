import { formatCreditNoteNumber, creditNoteCounterName } from './credit-note-number';
import {
  creditNoteAmount,
  fitsInvoiceTotal,
  refuseCreditNoteTransition,
  refuseInvoiceForCredit,
} from './credit-note-rules';

describe('credit note rules', () => {
  it('takes exactly one of a positive amount and positive items', () => {
    expect(creditNoteAmount({ amountMinor: 150n })).toBe(150n);
    expect(
      creditNoteAmount({
        items: [
          { description: 'a', amountMinor: 10n },
          { description: 'b', amountMinor: 20n },
        ],
      }),
    ).toBe(30n);
    expect(creditNoteAmount({})).toBeUndefined();
    expect(creditNoteAmount({ amountMinor: 1n, items: [{ description: 'a', amountMinor: 1n }] })).toBeUndefined();
    expect(creditNoteAmount({ amountMinor: 0n })).toBeUndefined();
    expect(creditNoteAmount({ items: [] })).toBeUndefined();
    expect(creditNoteAmount({ items: [{ description: 'a', amountMinor: -1n }] })).toBeUndefined();
  });

  it('caps the live notes at the invoice total, inclusive', () => {
    expect(fitsInvoiceTotal({ invoiceTotalMinor: 10000n, otherNotesMinor: 6000n, amountMinor: 4000n })).toBe(true);
    expect(fitsInvoiceTotal({ invoiceTotalMinor: 10000n, otherNotesMinor: 6000n, amountMinor: 4001n })).toBe(false);
    expect(fitsInvoiceTotal({ invoiceTotalMinor: -500n, otherNotesMinor: 0n, amountMinor: 1n })).toBe(false);
  });

  it('allows update and finalize in DRAFT only, void in FINALIZED only', () => {
    expect(refuseCreditNoteTransition('DRAFT', 'update')).toBeUndefined();
    expect(refuseCreditNoteTransition('DRAFT', 'finalize')).toBeUndefined();
    expect(refuseCreditNoteTransition('FINALIZED', 'void')).toBeUndefined();
    expect(refuseCreditNoteTransition('FINALIZED', 'update')).toContain('FINALIZED cannot be updated');
    expect(refuseCreditNoteTransition('DRAFT', 'void')).toContain('DRAFT cannot be voided');
    expect(refuseCreditNoteTransition('VOIDED', 'finalize')).toContain('VOIDED cannot be finalized');
  });

  it('credits only OPEN and PAID invoices', () => {
    expect(refuseInvoiceForCredit('OPEN')).toBeUndefined();
    expect(refuseInvoiceForCredit('PAID')).toBeUndefined();
    for (const status of ['DRAFT', 'VOIDED', 'UNCOLLECTIBLE'] as const)
      expect(refuseInvoiceForCredit(status)).toContain(status);
  });

  it('numbers CN-<YYYY>-<000001> from the counter credit_note:<YYYY>', () => {
    expect(formatCreditNoteNumber(2026, 1n)).toBe('CN-2026-000001');
    expect(formatCreditNoteNumber(2026, 1234567n)).toBe('CN-2026-1234567');
    expect(creditNoteCounterName(2027)).toBe('credit_note:2027');
  });
});
