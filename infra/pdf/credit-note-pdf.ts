import type { CreditNoteReason } from '../../domain/credit-notes';
import { formatMajorUnits } from '../../domain/money';
import { composedText } from './composed-text';
import type { CreditNoteDocument } from './credit-note-document';
import { formatCalendarDate, formatMoney } from './document-format';
import { drawBillTo, drawDocumentHeader, type DocumentHeading } from './document-header';
import { collectPdf, newDocumentPdf } from './document-pdf';
import type { InvoiceDocumentLine } from './invoice-document';
import { drawLineTable } from './line-table';
import { stampFooters } from './page-footer';
import { COLOR, FONT, PAGE, roomFor, writeAt, writeFitted, type Pdf } from './page-layout';
import { creditNoteStatusWord } from './status-words';

const REASONS: Readonly<Record<CreditNoteReason, string>> = {
  DUPLICATE: 'Duplicate charge',
  PRODUCT_UNSATISFACTORY: 'Product unsatisfactory',
  ORDER_CHANGE: 'Order change',
  OTHER: 'Other',
};

const BAND_X = 320;
const BAND_HEIGHT = 28;
const NOTE_WIDTH = PAGE.right - PAGE.left;

/** The number as printed: a draft has none yet, and says so. */
const displayNumber = (document: CreditNoteDocument): string => document.creditNote.number ?? 'DRAFT';

/**
 * Renders a credit note as an A4 PDF in the invoices' style: the seller, the customer, the invoice it credits, its
 * items, the amount credited, the reason and the state. Pure, like `renderInvoicePdf`.
 */
export function renderCreditNotePdf(document: CreditNoteDocument): Promise<Buffer> {
  const pdf = newDocumentPdf({
    title: `Credit note ${displayNumber(document)}`,
    author: document.seller.companyName,
    subject: `Credit note for ${document.customer.name ?? document.customer.email}`,
    createdAt: document.createdAt,
  });
  const bytes = collectPdf(pdf);
  drawCreditNote(pdf, composedText(document));
  pdf.end();
  return bytes;
}

function heading(document: CreditNoteDocument): DocumentHeading {
  const { creditNote, invoice, timeZone } = document;
  const dateOf = (instant: Date | null): string =>
    instant === null ? 'Not issued' : formatCalendarDate(instant, timeZone);
  return {
    seller: document.seller,
    title: 'Credit note',
    statusWord: creditNoteStatusWord(creditNote.status),
    facts: [
      ['Credit note number', displayNumber(document)],
      ['Credits invoice', invoice.number ?? invoice.id],
      ['Issue date', dateOf(creditNote.issuedAt)],
      ...(creditNote.voidedAt === null ? [] : [['Voided on', dateOf(creditNote.voidedAt)] as const]),
      ['Reason', REASONS[creditNote.reason]],
      ['Currency', creditNote.currency],
    ],
  };
}

/** The items as table lines; a note made from an amount is one line, described by its note or the invoice. */
function tableLines(document: CreditNoteDocument): InvoiceDocumentLine[] {
  const { creditNote, invoice } = document;
  const items =
    creditNote.items.length > 0
      ? creditNote.items
      : [
          {
            description: creditNote.description ?? `Credit on invoice ${invoice.number ?? invoice.id}`,
            amount: creditNote.amount,
          },
        ];
  return items.map((item) => ({
    description: item.description,
    quantity: '1',
    unitAmount: formatMajorUnits({ amount: item.amount, currency: creditNote.currency }),
    amount: item.amount,
    periodStart: null,
    periodEnd: null,
  }));
}

function drawCreditNote(pdf: Pdf, document: CreditNoteDocument): void {
  const { creditNote, seller } = document;
  const number = displayNumber(document);
  const tableTop = drawBillTo(pdf, document.customer, drawDocumentHeader(pdf, heading(document)));
  const lines = tableLines(document);
  const continuedTitle = `Credit note ${number} (continued)`;
  const table = { lines, currency: creditNote.currency, timeZone: document.timeZone, continuedTitle };
  let y = drawLineTable(pdf, table, tableTop);
  y = drawTotal(pdf, document, roomFor(pdf, y, 12 + BAND_HEIGHT));
  // A note made from items keeps its own description as a note under the total; one made from an amount used it as
  // its line already.
  if (creditNote.items.length > 0 && creditNote.description !== null) {
    pdf.font(FONT.regular).fontSize(8.5);
    const height = pdf.heightOfString(creditNote.description, { width: NOTE_WIDTH }) + 16;
    drawNote(pdf, creditNote.description, roomFor(pdf, y, height));
  }
  stampFooters(pdf, `${seller.companyName} · Credit note ${number}`);
}

/** "Total credited" with the currency code on the shaded band the invoice's amount due uses. */
function drawTotal(pdf: Pdf, document: CreditNoteDocument, top: number): number {
  const y = top + 12;
  pdf
    .save()
    .rect(BAND_X, y, PAGE.right - BAND_X, BAND_HEIGHT)
    .fill(COLOR.band)
    .restore();
  pdf.font(FONT.bold).fontSize(11).fillColor(COLOR.accent);
  writeAt(pdf, 'Total credited', { x: BAND_X + 6, y: y + 8, width: 110 });
  const amount = formatMoney(document.creditNote.amount, document.creditNote.currency);
  writeFitted(pdf, amount, {
    x: BAND_X + 120,
    y: y + 8,
    width: PAGE.right - 6 - BAND_X - 120,
    align: 'right',
    size: 11,
  });
  return y + BAND_HEIGHT;
}

function drawNote(pdf: Pdf, text: string, top: number): void {
  pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
  pdf.text(text, PAGE.left, top + 16, { width: NOTE_WIDTH });
}
