import type { CurrencyCode } from '../../domain/money';
import type { InvoiceDocumentAdjustment } from './invoice-document';
import { formatAmount, formatCalendarDate } from './document-format';
import { COLOR, drawRule, FONT, PAGE, writeAt, writeFitted, type Pdf } from './page-layout';

const TITLE_HEIGHT = 30;
const HEADER_HEIGHT = 16;
const ROW = 16;
const DOCUMENT_X = PAGE.left + 6;
const DATE_X = 317;
const AMOUNT_X = 452;
const AMOUNT_WIDTH = PAGE.right - 6 - AMOUNT_X;

export interface AdjustmentsInput {
  adjustments: readonly InvoiceDocumentAdjustment[];
  currency: CurrencyCode;
  timeZone: string;
}

const labelOf = (adjustment: InvoiceDocumentAdjustment): string =>
  adjustment.kind === 'credit_note' ? `Credit note ${adjustment.reference}` : `Refund ${adjustment.reference}`;

export function adjustmentsHeight(input: AdjustmentsInput): number {
  return input.adjustments.length === 0 ? 0 : TITLE_HEIGHT + HEADER_HEIGHT + input.adjustments.length * ROW;
}

/**
 * The invoice's credit notes and refunds, each with its date and amount (in the invoice's currency, as issued or paid
 * back), so the customer sees why a paid invoice reads "Refunded" or what lowered its amount due. Nothing when there
 * are none. Returns the y below it.
 */
export function drawAdjustments(pdf: Pdf, input: AdjustmentsInput, top: number): number {
  if (input.adjustments.length === 0) return top;
  pdf.font(FONT.bold).fontSize(7.5).fillColor(COLOR.muted);
  writeAt(pdf, 'CREDIT NOTES AND REFUNDS', { x: PAGE.left, y: top + 14, width: PAGE.right - PAGE.left });
  let y = top + TITLE_HEIGHT;
  pdf.font(FONT.bold).fontSize(8.5).fillColor(COLOR.text);
  writeAt(pdf, 'Document', { x: DOCUMENT_X, y, width: DATE_X - DOCUMENT_X });
  writeAt(pdf, 'Date', { x: DATE_X, y, width: AMOUNT_X - DATE_X });
  writeAt(pdf, `Amount (${input.currency})`, { x: AMOUNT_X, y, width: AMOUNT_WIDTH, align: 'right' });
  y += HEADER_HEIGHT;
  drawRule(pdf, y - 3);
  for (const adjustment of input.adjustments) {
    pdf.font(FONT.regular).fillColor(COLOR.text);
    writeFitted(pdf, labelOf(adjustment), { x: DOCUMENT_X, y, width: DATE_X - DOCUMENT_X - 8, size: 9 });
    writeAt(pdf, formatCalendarDate(adjustment.date, input.timeZone), { x: DATE_X, y, width: AMOUNT_X - DATE_X });
    const amount = formatAmount(adjustment.amount, input.currency);
    writeFitted(pdf, amount, { x: AMOUNT_X, y, width: AMOUNT_WIDTH, align: 'right', size: 9 });
    y += ROW;
  }
  return y;
}
