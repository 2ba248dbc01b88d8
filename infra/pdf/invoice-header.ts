import type { InvoiceDocument, PostalAddress } from './invoice-document';
import { countryName, formatCalendarDate } from './document-format';
import { COLOR, FONT, PAGE, writeAt, type Pdf } from './page-layout';

const LEFT_WIDTH = 260;
const META_LABEL_X = 320;
const META_VALUE_X = 425;
const META_VALUE_WIDTH = PAGE.right - META_VALUE_X;
const META_ROW = 15;

/** The number as printed: a draft has none yet, and says so. */
export function displayNumber(document: InvoiceDocument): string {
  return document.invoice.number ?? 'DRAFT';
}

export function addressLines(address: PostalAddress): string[] {
  const cityLine = [address.postalCode, address.city].filter((part) => part !== null).join(' ');
  return [
    address.line1,
    ...(address.line2 === null ? [] : [address.line2]),
    address.state === null ? cityLine : `${cityLine}, ${address.state}`,
    countryName(address.country),
  ];
}

/** Seller block on the left, title and invoice facts on the right; returns the y below the taller of the two. */
export function drawInvoiceHeader(pdf: Pdf, document: InvoiceDocument): number {
  const sellerBottom = drawSeller(pdf, document.seller);
  const metaBottom = drawInvoiceFacts(pdf, document);
  return Math.max(sellerBottom, metaBottom) + 28;
}

function drawSeller(pdf: Pdf, seller: InvoiceDocument['seller']): number {
  pdf.font(FONT.bold).fontSize(15).fillColor(COLOR.text);
  pdf.text(seller.companyName, PAGE.left, PAGE.top, { width: LEFT_WIDTH });
  let y = pdf.y + 4;
  pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
  for (const line of [...(seller.address === null ? [] : addressLines(seller.address)), seller.email]) {
    pdf.text(line, PAGE.left, y, { width: LEFT_WIDTH });
    y = pdf.y + 1;
  }
  return y;
}

function drawInvoiceFacts(pdf: Pdf, document: InvoiceDocument): number {
  const { invoice, timeZone } = document;
  pdf.font(FONT.bold).fontSize(22).fillColor(COLOR.accent);
  // DejaVu's ascent is tall: 6 pt above the top margin puts the title's baseline on the company name's.
  writeAt(pdf, 'Invoice', { x: META_LABEL_X, y: PAGE.top - 6, width: PAGE.right - META_LABEL_X, align: 'right' });
  const dateOf = (instant: Date | null): string =>
    instant === null ? 'Not issued' : formatCalendarDate(instant, timeZone);
  const facts: [string, string][] = [
    ['Invoice number', displayNumber(document)],
    ['Status', invoice.status],
    ['Issue date', dateOf(invoice.issuedAt)],
    ['Due date', dateOf(invoice.dueDate)],
    ['Currency', invoice.currency],
  ];
  let y = PAGE.top + 34;
  for (const [label, value] of facts) {
    pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
    writeAt(pdf, label, { x: META_LABEL_X, y, width: META_VALUE_X - META_LABEL_X });
    pdf.font(FONT.bold).fillColor(COLOR.text);
    writeAt(pdf, value, { x: META_VALUE_X, y, width: META_VALUE_WIDTH, align: 'right' });
    y += META_ROW;
  }
  return y;
}

/** "Bill to" with the customer's name, e-mail, their id in the tenant's system and country; returns the y below. */
export function drawBillTo(pdf: Pdf, customer: InvoiceDocument['customer'], top: number): number {
  pdf.font(FONT.bold).fontSize(7.5).fillColor(COLOR.muted);
  pdf.text('BILL TO', PAGE.left, top, { width: LEFT_WIDTH, characterSpacing: 0.6 });
  pdf.font(FONT.bold).fontSize(10.5).fillColor(COLOR.text);
  pdf.text(customer.name ?? customer.email, PAGE.left, pdf.y + 3, { width: LEFT_WIDTH });
  pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
  const lines = [
    ...(customer.name === null ? [] : [customer.email]),
    `Customer ID: ${customer.externalId}`,
    ...(customer.country === null ? [] : [countryName(customer.country)]),
  ];
  for (const line of lines) pdf.text(line, PAGE.left, pdf.y + 1, { width: LEFT_WIDTH });
  return pdf.y + 24;
}
