import { COLOR, FONT, PAGE, type Pdf } from './page-layout';

const LABEL = 'Pay online';
const LABEL_SIZE = 10;
const URL_SIZE = 7.5;
const WIDTH = PAGE.right - PAGE.left;

export function payLinkHeight(pdf: Pdf, url: string): number {
  pdf.font(FONT.regular).fontSize(URL_SIZE);
  return 14 + LABEL_SIZE * 1.3 + 2 + pdf.heightOfString(url, { width: WIDTH });
}

/**
 * "Pay online" and the link itself, both clickable; the address is printed too, for a printed copy. A link is longer
 * than the line at this size, and pdfkit breaks a word wider than its box, so it wraps (its text extracts with the
 * breaks). Returns the y below it.
 */
export function drawPayLink(pdf: Pdf, url: string, top: number): number {
  const y = top + 14;
  pdf.font(FONT.bold).fontSize(LABEL_SIZE).fillColor(COLOR.accent);
  pdf.text(LABEL, PAGE.left, y, { width: WIDTH, link: url, underline: true, lineBreak: false });
  pdf.font(FONT.regular).fontSize(URL_SIZE).fillColor(COLOR.muted);
  pdf.text(url, PAGE.left, y + LABEL_SIZE * 1.3 + 2, { width: WIDTH, link: url });
  return pdf.y;
}
