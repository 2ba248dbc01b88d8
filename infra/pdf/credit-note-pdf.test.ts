import { toCurrencyCode } from '../../domain/money';
import { extractPdfPages } from '../../test/checks/pdf-text';
import type { CreditNoteDocument } from './credit-note-document';
import { renderCreditNotePdf } from './credit-note-pdf';
import { sampleCreditNoteDocument } from './sample-credit-note';

const render = async (document: CreditNoteDocument): Promise<string[]> =>
  extractPdfPages(await renderCreditNotePdf(document));

function withNote(changes: Partial<CreditNoteDocument['creditNote']>): CreditNoteDocument {
  const sample = sampleCreditNoteDocument();
  return { ...sample, creditNote: { ...sample.creditNote, ...changes } };
}

describe('renderCreditNotePdf', () => {
  it('shows the seller, the state, the invoice it credits, the reason, the customer, the items and the total', async () => {
    const [text] = await render(sampleCreditNoteDocument());
    expect(text).toContain(
      'Acme Analytics GmbH\nTorstraße 140\n3rd floor\n10119 Berlin\nGermany\nTax ID: DE 123 456 789\nbilling@acme.example',
    );
    expect(text).toContain(
      'Credit note\nIssued\nCredit note number CN-2026-000007\nCredits invoice INV-2026-000042\n' +
        'Issue date 2026-01-20\nReason Product unsatisfactory\nCurrency USD',
    );
    expect(text).toContain('BILL TO\nGlobex Corporation\nap@globex.example\nCustomer ID: globex-42');
    expect(text).toContain(
      'Description Qty Unit price Amount (USD)\nService credit: API calls, 2026-01-12 1 55.80 55.80\n' +
        'Onboarding workshop: second session not held 1 70.00 70.00\nTotal credited 125.80 USD',
    );
    expect(text).toContain('API outage on 2026-01-12 (4 hours): the service credit of our SLA.');
    expect(text).toContain('Acme Analytics GmbH · Credit note CN-2026-000007 Page 1 of 1');
  });

  it('draws a note made from an amount as one line, described by its description', async () => {
    const [text] = await render(withNote({ items: [], amount: 2500n, description: 'Goodwill credit' }));
    expect(text).toContain('Goodwill credit 1 25.00 25.00\nTotal credited 25.00 USD');
    expect(text!.split('Goodwill credit').length - 1).toBe(1);
    const [bare] = await render(withNote({ items: [], amount: 2500n, description: null }));
    expect(bare).toContain('Credit on invoice INV-2026-000042 1 25.00 25.00');
  });

  it('marks a draft and a voided note', async () => {
    const [draft] = await render(withNote({ status: 'DRAFT', number: null, issuedAt: null }));
    expect(draft).toContain('Credit note\nDraft\nCredit note number DRAFT\nCredits invoice INV-2026-000042\n');
    expect(draft).toContain('Issue date Not issued');
    const [voided] = await render(withNote({ status: 'VOIDED', voidedAt: new Date('2026-01-25T10:00:00Z') }));
    expect(voided).toContain('Credit note\nVoid\n');
    expect(voided).toContain('Issue date 2026-01-20\nVoided on 2026-01-25\n');
  });

  it('writes JPY without decimals and KWD with three', async () => {
    const [yen] = await render(
      withNote({ currency: toCurrencyCode('JPY'), amount: 1500n, items: [{ description: 'Seat', amount: 1500n }] }),
    );
    expect(yen).toContain('Amount (JPY)\nSeat 1 1,500 1,500\nTotal credited 1,500 JPY');
    const [dinar] = await render(
      withNote({ currency: toCurrencyCode('KWD'), amount: 1234n, items: [{ description: 'Seat', amount: 1234n }] }),
    );
    expect(dinar).toContain('Seat 1 1.234 1.234\nTotal credited 1.234 KWD');
  });

  it('wraps a long item description and spreads many items over numbered pages', async () => {
    const long = `Refund of ${'the unused part of the annual enterprise subscription '.repeat(3)}after the downgrade`;
    const items = [
      { description: long, amount: 100n },
      ...Array.from({ length: 50 }, (_, index) => ({ description: `Seat ${String(index + 1)}`, amount: 100n })),
    ];
    const pages = await render(withNote({ items, amount: 5100n }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = pages.join('\n');
    expect(all.replace(/\n/g, ' ')).toContain(long);
    for (let number = 1; number <= 50; number += 1) expect(all).toContain(`Seat ${String(number)} 1 1.00 1.00`);
    expect(pages.at(-1)).toContain('Total credited 51.00 USD');
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${String(index + 1)} of ${String(pages.length)}`);
      if (index > 0) expect(page).toContain('Credit note CN-2026-000007 (continued)');
    });
  });

  it('renders the same bytes for the same note', async () => {
    const first = await renderCreditNotePdf(sampleCreditNoteDocument());
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(await renderCreditNotePdf(sampleCreditNoteDocument()))).toBe(true);
  });
});
