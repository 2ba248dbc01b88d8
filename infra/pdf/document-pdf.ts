import PDFDocument from 'pdfkit';
import { registerInvoiceFonts } from './invoice-fonts';
import { PAGE, type Pdf } from './page-layout';

/** An A4 page set with the documents' margins, fonts and fixed metadata (no clock: same input, same bytes). */
export function newDocumentPdf(info: { title: string; author: string; subject: string; createdAt: Date }): Pdf {
  const pdf = new PDFDocument({
    size: PAGE.size,
    margins: {
      top: PAGE.top,
      left: PAGE.left,
      right: PAGE.width - PAGE.right,
      bottom: PAGE.height - PAGE.contentBottom,
    },
    bufferPages: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, CreationDate: info.createdAt },
  });
  registerInvoiceFonts(pdf);
  return pdf;
}

/** The bytes of a document once `end()` is called on it. */
export function collectPdf(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    pdf.on('error', reject);
  });
}
