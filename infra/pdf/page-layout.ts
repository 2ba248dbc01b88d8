/** A4 in points, with the margins every part of the invoice draws within. */
export const PAGE = {
  size: 'A4',
  width: 595.28,
  height: 841.89,
  left: 50,
  right: 545.28,
  top: 50,
  /** Content stops here; the footer lives below it. */
  contentBottom: 770,
  footerY: 800,
} as const;

/** Names under which `registerInvoiceFonts` registers DejaVu Sans on each document. */
export const FONT = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;
/** DejaVu Sans's ascent in both weights (1901 of 2048 units): pdfkit puts the baseline this far below a text's y. */
const FONT_ASCENT = 1901 / 2048;

export const COLOR = {
  text: '#1f2328',
  muted: '#636c76',
  rule: '#d0d7de',
  band: '#f3f4f6',
  accent: '#0b5394',
} as const;

export type Pdf = PDFKit.PDFDocument;

/** Where a single line of text goes: `y` is the top of the line, as everywhere in pdfkit. */
export interface TextBox {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'right' | 'center';
}

/**
 * Writes one line of text at an exact position without letting pdfkit wrap words or move to another page; a single
 * word wider than the box is still broken (`writeFitted` avoids that).
 */
export function writeAt(pdf: Pdf, text: string, at: TextBox): void {
  pdf.text(text, at.x, at.y, { width: at.width, align: at.align ?? 'left', lineBreak: false });
}

/**
 * `writeAt` in `size`, or in the size at which the text just fits its width, on the same baseline: pdfkit breaks a
 * word wider than its box onto a second line even with `lineBreak: false`, which would print the tail of a very
 * large amount under its row.
 */
export function writeFitted(pdf: Pdf, text: string, at: TextBox & { size: number }): void {
  const natural = pdf.fontSize(at.size).widthOfString(text);
  // Rounded down to 0.1 pt, so that rounding never leaves the text a hair too wide.
  const fitted = natural > at.width ? Math.floor((at.size * at.width * 10) / natural) / 10 : at.size;
  pdf.fontSize(fitted);
  writeAt(pdf, text, { ...at, y: at.y + (at.size - fitted) * FONT_ASCENT });
  pdf.fontSize(at.size);
}

export function drawRule(pdf: Pdf, y: number, from: number = PAGE.left, to: number = PAGE.right): void {
  pdf.save().moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
}

/** `y` when a block of `height` still fits above the footer, else the top of a new page. */
export function roomFor(pdf: Pdf, y: number, height: number): number {
  if (y + height <= PAGE.contentBottom) return y;
  pdf.addPage();
  return PAGE.top;
}
