import type { CurrencyCode } from '../../domain/money';
import type { InvoiceDocumentLine } from './invoice-document';
import { formatAmount, formatCalendarDate, formatQuantity, formatUnitAmount } from './document-format';
import { COLOR, drawRule, FONT, PAGE, writeAt, writeFitted, type Pdf } from './page-layout';

interface Column {
  title: string;
  x: number;
  width: number;
  align: 'left' | 'right';
}

const DESCRIPTION: Column = { title: 'Description', x: PAGE.left + 6, width: 255, align: 'left' };
const PADDING = 7;
const TEXT_SIZE = 9;
const HEADER_HEIGHT = 20;
const PERIOD_HEIGHT = 11;

function columnsFor(currency: CurrencyCode): Column[] {
  return [
    DESCRIPTION,
    // Widths fit 1,250,000 calls, a 0.0004 price and 1,234,567,890.12 at TEXT_SIZE; wider values are shrunk to fit.
    { title: 'Qty', x: 317, width: 60, align: 'right' },
    { title: 'Unit price', x: 382, width: 65, align: 'right' },
    { title: `Amount (${currency})`, x: 452, width: PAGE.right - 458, align: 'right' },
  ];
}

export interface LineTableInput {
  lines: readonly InvoiceDocumentLine[];
  currency: CurrencyCode;
  timeZone: string;
  /** Printed above the repeated header on every page after the first, so a loose page still names its invoice. */
  continuedTitle: string;
}

/**
 * The lines table from `top` down. A row that does not fit above the footer moves to a new page, where the column
 * header is drawn again; a row is never split. Returns the y below the last row.
 */
export function drawLineTable(pdf: Pdf, input: LineTableInput, top: number): number {
  const columns = columnsFor(input.currency);
  let y = drawTableHeader(pdf, columns, top);
  for (const line of input.lines) {
    const height = rowHeight(pdf, line);
    if (y + height > PAGE.contentBottom) {
      pdf.addPage();
      pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
      writeAt(pdf, input.continuedTitle, { x: PAGE.left, y: PAGE.top, width: PAGE.right - PAGE.left });
      y = drawTableHeader(pdf, columns, PAGE.top + 20);
    }
    drawRow(pdf, { line, columns, input, y });
    y += height;
    drawRule(pdf, y);
  }
  return y;
}

function drawTableHeader(pdf: Pdf, columns: readonly Column[], top: number): number {
  pdf
    .save()
    .rect(PAGE.left, top, PAGE.right - PAGE.left, HEADER_HEIGHT)
    .fill(COLOR.band)
    .restore();
  pdf.font(FONT.bold).fontSize(8.5).fillColor(COLOR.text);
  for (const column of columns) writeAt(pdf, column.title, { ...column, y: top + 5 });
  return top + HEADER_HEIGHT;
}

function descriptionHeight(pdf: Pdf, description: string): number {
  pdf.font(FONT.regular).fontSize(TEXT_SIZE);
  return pdf.heightOfString(description, { width: DESCRIPTION.width });
}

function rowHeight(pdf: Pdf, line: InvoiceDocumentLine): number {
  const period = line.periodStart !== null && line.periodEnd !== null ? PERIOD_HEIGHT : 0;
  return PADDING + descriptionHeight(pdf, line.description) + period + PADDING;
}

function drawRow(
  pdf: Pdf,
  row: { line: InvoiceDocumentLine; columns: readonly Column[]; input: LineTableInput; y: number },
): void {
  const { line, columns, input } = row;
  const y = row.y + PADDING;
  pdf.font(FONT.regular).fontSize(TEXT_SIZE).fillColor(COLOR.text);
  pdf.text(line.description, DESCRIPTION.x, y, { width: DESCRIPTION.width });
  if (line.periodStart !== null && line.periodEnd !== null) {
    const from = formatCalendarDate(line.periodStart, input.timeZone);
    const to = formatCalendarDate(line.periodEnd, input.timeZone);
    const periodY = y + descriptionHeight(pdf, line.description) + 1;
    pdf.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    writeAt(pdf, `Service period: ${from} to ${to}`, { ...DESCRIPTION, y: periodY });
  }
  const values = [
    formatQuantity(line.quantity),
    formatUnitAmount(line.unitAmount, input.currency),
    formatAmount(line.amount, input.currency),
  ];
  pdf.font(FONT.regular).fillColor(COLOR.text);
  values.forEach((value, index) => {
    const column = columns[index + 1];
    if (column !== undefined) writeFitted(pdf, value, { ...column, y, size: TEXT_SIZE });
  });
}
