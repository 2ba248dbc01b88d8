import type { InvoiceDocument } from './invoice-document';
import { formatAmount, formatMoney } from './document-format';
import { COLOR, drawRule, FONT, PAGE, writeAt, writeFitted, type Pdf } from './page-layout';

const LABEL_X = 320;
const VALUE_X = 440;
const VALUE_WIDTH = PAGE.right - 6 - VALUE_X;
const ROW = 17;
const DUE_HEIGHT = 28;
/** Just right of the bold "Amount due" label: 1,234,567,890.12 USD needs all of the rest, larger amounts shrink. */
const DUE_VALUE_X = 405;

type Totals = Pick<
  InvoiceDocument['invoice'],
  | 'subtotal'
  | 'discount'
  | 'discounts'
  | 'tax'
  | 'total'
  | 'amountCredited'
  | 'prepaidCreditAmount'
  | 'amountPaid'
  | 'amountDue'
  | 'currency'
>;

/** One "Discount (CODE)" deduction per coupon when coupons gave the discount, else the single "Discount" row. */
function discountRows(totals: Totals): { label: string; amount: bigint }[] {
  if (totals.discounts.length === 0) return [{ label: 'Discount', amount: -totals.discount }];
  return totals.discounts.map((each) => ({ label: `Discount (${each.code})`, amount: -each.amount }));
}

/** Rows of the totals block; credits and payments appear only when there are some, as on a paper invoice. */
function totalRows(totals: Totals): { label: string; amount: bigint; strong?: boolean }[] {
  const rows = [
    { label: 'Subtotal', amount: totals.subtotal },
    ...discountRows(totals),
    { label: 'Tax', amount: totals.tax },
    { label: 'Total', amount: totals.total, strong: true },
  ];
  if (totals.amountCredited !== 0n) rows.push({ label: 'Credited', amount: -totals.amountCredited });
  if (totals.prepaidCreditAmount !== 0n) {
    rows.push({ label: 'Prepaid credits', amount: -totals.prepaidCreditAmount });
  }
  if (totals.amountPaid !== 0n) rows.push({ label: 'Paid', amount: -totals.amountPaid });
  return rows;
}

/**
 * A label in its column; one wider (a long coupon code: codes run to 64 characters) reaches left into the empty space
 * beside the block, ending where the column ends, and only if even that is too narrow is it set smaller.
 */
function writeLabel(pdf: Pdf, label: string, y: number): void {
  const column = VALUE_X - LABEL_X - 6;
  if (pdf.widthOfString(label) <= column) {
    writeAt(pdf, label, { x: LABEL_X + 6, y, width: column });
    return;
  }
  const end = VALUE_X - 4;
  const x = Math.max(PAGE.left, end - pdf.widthOfString(label));
  writeFitted(pdf, label, { x, y, width: end - x, align: 'right', size: 9 });
}

export function totalsHeight(totals: Totals): number {
  return 12 + totalRows(totals).length * ROW + 8 + DUE_HEIGHT;
}

/** Right-aligned totals under the table, ending with the amount due on a shaded band. Returns the y below it. */
export function drawTotals(pdf: Pdf, totals: Totals, top: number): number {
  let y = top + 12;
  for (const row of totalRows(totals)) {
    if (row.strong === true) drawRule(pdf, y - 4, LABEL_X, PAGE.right);
    pdf
      .font(row.strong === true ? FONT.bold : FONT.regular)
      .fontSize(9)
      .fillColor(COLOR.text);
    writeLabel(pdf, row.label, y);
    const amount = formatAmount(row.amount, totals.currency);
    writeFitted(pdf, amount, { x: VALUE_X, y, width: VALUE_WIDTH, align: 'right', size: 9 });
    y += ROW;
  }
  y += 8;
  pdf
    .save()
    .rect(LABEL_X, y, PAGE.right - LABEL_X, DUE_HEIGHT)
    .fill(COLOR.band)
    .restore();
  pdf.font(FONT.bold).fontSize(11).fillColor(COLOR.accent);
  writeAt(pdf, 'Amount due', { x: LABEL_X + 6, y: y + 8, width: DUE_VALUE_X - LABEL_X - 6 });
  writeFitted(pdf, formatMoney(totals.amountDue, totals.currency), {
    x: DUE_VALUE_X,
    y: y + 8,
    width: PAGE.right - 6 - DUE_VALUE_X,
    align: 'right',
    size: 11,
  });
  return y + DUE_HEIGHT;
}
