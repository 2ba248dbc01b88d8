import { adjustmentsHeight, drawAdjustments } from './adjustments-block';
import { composedText } from './composed-text';
import { collectPdf, newDocumentPdf } from './document-pdf';
import { formatCalendarDate } from './document-format';
import { drawBillTo, drawDocumentHeader, type DocumentHeading } from './document-header';
import type { InvoiceDocument } from './invoice-document';
import { drawLineTable } from './line-table';
import { stampFooters } from './page-footer';
import { drawPayLink, payLinkHeight } from './pay-link-block';
import { roomFor, type Pdf } from './page-layout';
import { invoiceStatusWord } from './status-words';
import { drawTotals, totalsHeight } from './totals-block';

/** The number as printed: a draft has none yet, and says so. */
export function displayNumber(document: InvoiceDocument): string {
  return document.invoice.number ?? 'DRAFT';
}

/**
 * Renders the invoice as an A4 PDF. Pure: the output depends on `document` alone (the creation date comes from it,
 * not the clock), so the same invoice always downloads as the same bytes.
 */
export function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  const pdf = newDocumentPdf({
    title: `Invoice ${displayNumber(document)}`,
    author: document.seller.companyName,
    subject: `Invoice for ${document.customer.name ?? document.customer.email}`,
    createdAt: document.createdAt,
  });
  const bytes = collectPdf(pdf);
  drawInvoice(pdf, composedText(document));
  pdf.end();
  return bytes;
}

function invoiceHeading(document: InvoiceDocument): DocumentHeading {
  const { invoice, timeZone } = document;
  const dateOf = (instant: Date | null): string =>
    instant === null ? 'Not issued' : formatCalendarDate(instant, timeZone);
  return {
    seller: document.seller,
    title: 'Invoice',
    statusWord: invoiceStatusWord(invoice, timeZone),
    facts: [
      ['Invoice number', displayNumber(document)],
      ['Issue date', dateOf(invoice.issuedAt)],
      ['Due date', dateOf(invoice.dueDate)],
      ['Currency', invoice.currency],
    ],
  };
}

/** The link only while the customer owes something: a paid or void invoice has nothing to pay. */
const payUrlOf = (document: InvoiceDocument): string | null =>
  document.invoice.amountDue > 0n && (document.invoice.status === 'OPEN' || document.invoice.status === 'UNCOLLECTIBLE')
    ? document.payUrl
    : null;

function drawInvoice(pdf: Pdf, document: InvoiceDocument): void {
  const { invoice, seller, timeZone } = document;
  const number = displayNumber(document);
  const billToTop = drawDocumentHeader(pdf, invoiceHeading(document));
  const tableTop = drawBillTo(pdf, document.customer, billToTop);
  const continuedTitle = `Invoice ${number} (continued)`;
  let y = drawLineTable(pdf, { lines: invoice.lines, currency: invoice.currency, timeZone, continuedTitle }, tableTop);
  y = drawTotals(pdf, invoice, roomFor(pdf, y, totalsHeight(invoice)));
  const payUrl = payUrlOf(document);
  if (payUrl !== null) y = drawPayLink(pdf, payUrl, roomFor(pdf, y, payLinkHeight(pdf, payUrl)));
  const adjustments = { adjustments: invoice.adjustments, currency: invoice.currency, timeZone };
  drawAdjustments(pdf, adjustments, roomFor(pdf, y, adjustmentsHeight(adjustments)));
  stampFooters(pdf, `${seller.companyName} · Invoice ${number}`);
}
