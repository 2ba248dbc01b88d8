import type { DocumentCustomer, DocumentSeller, PostalAddress } from './invoice-document';
import { countryName } from './document-format';
import { COLOR, FONT, PAGE, writeAt, writeFitted, type Pdf } from './page-layout';

const LEFT_WIDTH = 260;
const META_LABEL_X = 320;
const META_VALUE_X = 425;
const META_VALUE_WIDTH = PAGE.right - META_VALUE_X;
const META_ROW = 15;

/** The top of a document's first page: who issues it, what it is, its state in words, and its facts. */
export interface DocumentHeading {
  seller: DocumentSeller;
  /** "Invoice", "Credit note". */
  title: string;
  /** "Due 2027-02-28", "Paid", "Refunded", "Issued", ... */
  statusWord: string;
  /** Label and value, top to bottom. */
  facts: readonly (readonly [string, string])[];
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

/** Seller block on the left, title, status and facts on the right; returns the y below the taller of the two. */
export function drawDocumentHeader(pdf: Pdf, heading: DocumentHeading): number {
  const sellerBottom = drawSeller(pdf, heading.seller);
  const metaBottom = drawFacts(pdf, heading);
  return Math.max(sellerBottom, metaBottom) + 28;
}

function drawSeller(pdf: Pdf, seller: DocumentSeller): number {
  pdf.font(FONT.bold).fontSize(15).fillColor(COLOR.text);
  pdf.text(seller.companyName, PAGE.left, PAGE.top, { width: LEFT_WIDTH });
  let y = pdf.y + 4;
  pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
  const lines = [
    ...(seller.address === null ? [] : addressLines(seller.address)),
    // A buyer reclaiming VAT needs the seller's number on the document itself.
    ...(seller.taxId === null ? [] : [`Tax ID: ${seller.taxId}`]),
    seller.email,
  ];
  for (const line of lines) {
    pdf.text(line, PAGE.left, y, { width: LEFT_WIDTH });
    y = pdf.y + 1;
  }
  return y;
}

function drawFacts(pdf: Pdf, heading: DocumentHeading): number {
  const width = PAGE.right - META_LABEL_X;
  pdf.font(FONT.bold).fontSize(22).fillColor(COLOR.accent);
  // DejaVu's ascent is tall: 6 pt above the top margin puts the title's baseline on the company name's.
  writeAt(pdf, heading.title, { x: META_LABEL_X, y: PAGE.top - 6, width, align: 'right' });
  pdf.font(FONT.bold).fillColor(COLOR.text);
  writeFitted(pdf, heading.statusWord, { x: META_LABEL_X, y: PAGE.top + 24, width, align: 'right', size: 11 });
  let y = PAGE.top + 46;
  for (const [label, value] of heading.facts) {
    pdf.font(FONT.regular).fontSize(8.5).fillColor(COLOR.muted);
    writeAt(pdf, label, { x: META_LABEL_X, y, width: META_VALUE_X - META_LABEL_X });
    pdf.font(FONT.bold).fillColor(COLOR.text);
    writeFitted(pdf, value, { x: META_VALUE_X, y, width: META_VALUE_WIDTH, align: 'right', size: 8.5 });
    y += META_ROW;
  }
  return y;
}

/** "Bill to" with the customer's name, e-mail, their id in the tenant's system and country; returns the y below. */
export function drawBillTo(pdf: Pdf, customer: DocumentCustomer, top: number): number {
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
