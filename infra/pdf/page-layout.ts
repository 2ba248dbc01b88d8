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

export const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;

export const COLOR = {
  text: '#1f2328',
  muted: '#636c76',
  rule: '#d0d7de',
  band: '#f3f4f6',
  accent: '#0b5394',
} as const;

export type Pdf = PDFKit.PDFDocument;

/** Writes one line of text at an exact position without letting pdfkit wrap or move to another page. */
export function writeAt(
  pdf: Pdf,
  text: string,
  at: { x: number; y: number; width: number; align?: 'left' | 'right' | 'center' },
): void {
  pdf.text(text, at.x, at.y, { width: at.width, align: at.align ?? 'left', lineBreak: false });
}

export function drawRule(pdf: Pdf, y: number, from: number = PAGE.left, to: number = PAGE.right): void {
  pdf.save().moveTo(from, y).lineTo(to, y).lineWidth(0.5).strokeColor(COLOR.rule).stroke().restore();
}
