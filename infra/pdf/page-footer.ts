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
    pdf.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
    const width = PAGE.right - PAGE.left;
    const pageText = `Page ${String(index - range.start + 1)} of ${String(range.count)}`;
    // The caption gets the rest of the line; a company name too long even for that is cut with an ellipsis.
    const captionWidth = width - pdf.widthOfString(pageText) - 24;
    pdf.text(caption, PAGE.left, PAGE.footerY, {
      width: captionWidth,
      height: pdf.currentLineHeight(),
      ellipsis: true,
    });
    writeAt(pdf, pageText, { x: PAGE.left, y: PAGE.footerY, width, align: 'right' });
  }
}
