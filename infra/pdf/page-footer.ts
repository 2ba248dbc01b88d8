import { COLOR, drawRule, FONT, PAGE, writeAt, type Pdf } from './page-layout';

/**
 * Stamps every buffered page with the seller, the invoice number and "Page i of n"; runs once all pages exist,
 * since n is only known then (the document must be created with `bufferPages: true`).
 */
export function stampFooters(pdf: Pdf, caption: string): void {
  const range = pdf.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    // The footer sits inside the bottom margin; without this pdfkit would start a new page to write it.
    pdf.page.margins.bottom = 0;
    drawRule(pdf, PAGE.footerY - 8);
    pdf.font(FONT.regular).fontSize(8).fillColor(COLOR.muted);
    const width = (PAGE.right - PAGE.left) / 2;
    writeAt(pdf, caption, { x: PAGE.left, y: PAGE.footerY, width });
    const pageText = `Page ${String(index - range.start + 1)} of ${String(range.count)}`;
    writeAt(pdf, pageText, { x: PAGE.left + width, y: PAGE.footerY, width, align: 'right' });
  }
}
