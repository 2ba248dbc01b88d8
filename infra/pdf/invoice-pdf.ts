import PDFDocument from 'pdfkit';
import { composedText } from './composed-text';
import type { InvoiceDocument } from './invoice-document';
import { displayNumber, drawBillTo, drawInvoiceHeader } from './invoice-header';
import { registerInvoiceFonts } from './invoice-fonts';
import { drawLineTable } from './line-table';
import { stampFooters } from './page-footer';
import { PAGE, type Pdf } from './page-layout';
import { drawTotals, totalsHeight } from './totals-block';

/**
 * Renders the invoice as an A4 PDF. Pure: the output depends on `document` alone (the creation date comes from it,
 * not the clock), so the same invoice always downloads as the same bytes.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: PAGE.size,
    margins: {
      top: PAGE.top,
      left: PAGE.left,
      right: PAGE.width - PAGE.right,
      bottom: PAGE.height - PAGE.contentBottom,
    },
    bufferPages: true,
    info: {
      Title: `Invoice ${displayNumber(document)}`,
      Author: document.seller.companyName,
      Subject: `Invoice for ${document.customer.name ?? document.customer.email}`,
      CreationDate: document.createdAt,
    },
  });
  registerInvoiceFonts(pdf);
  const bytes = collect(pdf);
  drawInvoice(pdf, composedText(document));
  pdf.end();
  return bytes;
}

function drawInvoice(pdf: Pdf, document: InvoiceDocument): void {
  const { invoice, seller } = document;
  const number = displayNumber(document);
  const billToTop = drawInvoiceHeader(pdf, document);
  const tableTop = drawBillTo(pdf, document.customer, billToTop);
  const continuedTitle = `Invoice ${number} (continued)`;
  let y = drawLineTable(
    pdf,
    { lines: invoice.lines, currency: invoice.currency, timeZone: document.timeZone, continuedTitle },
    tableTop,
  );
  if (y + totalsHeight(invoice) > PAGE.contentBottom) {
    pdf.addPage();
    y = PAGE.top;
  }
  drawTotals(pdf, invoice, y);
  stampFooters(pdf, `${seller.companyName} · Invoice ${number}`);
}

function collect(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    pdf.on('error', reject);
  });
}
