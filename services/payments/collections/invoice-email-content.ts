import { formatCalendarDate, formatMoney } from '../../../infra/pdf/document-format';
import type { InvoiceDocument } from '../../../infra/pdf/invoice-document';

/** An invoice e-mail sent on request, or a dunning reminder (CONTRACT §12). */
export type InvoiceEmailKind = 'invoice' | 'reminder';

export interface InvoiceEmailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value that reaches the HTML part goes through this: names, numbers and links are the tenant's data. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);

/**
 * The message for one invoice: subject with the number and the seller, the amount due and the due date, and the
 * checkout link when one exists. The PDF (attached by the caller) carries the lines.
 */
export function composeInvoiceEmail(options: {
  document: InvoiceDocument;
  kind: InvoiceEmailKind;
  checkoutUrl: string | null;
}): InvoiceEmailContent {
  const { document, kind, checkoutUrl } = options;
  const { invoice, seller, customer } = document;
  const number = invoice.number ?? invoice.id;
  const due = formatMoney(invoice.amountDue, invoice.currency);
  const dueDate = invoice.dueDate === null ? null : formatCalendarDate(invoice.dueDate, document.timeZone);
  const subject =
    kind === 'reminder'
      ? `Reminder: invoice ${number} from ${seller.companyName} is overdue (${due} due)`
      : `Invoice ${number} from ${seller.companyName}` + (invoice.amountDue > 0n ? ` (${due} due)` : '');
  const paragraphs = [
    `Hello ${customer.name ?? customer.externalId},`,
    kind === 'reminder'
      ? `invoice ${number} from ${seller.companyName} is still unpaid.`
      : `please find invoice ${number} from ${seller.companyName} attached.`,
    invoice.amountDue > 0n
      ? `Amount due: ${due}` + (dueDate === null ? '' : `, due on ${dueDate}`) + '.'
      : 'Nothing is due on this invoice: it has been paid.',
  ];
  const link = checkoutUrl === null ? [] : [`Pay online: ${checkoutUrl}`];
  const closing = `Questions? Reply to this e-mail or write to ${seller.email}.`;
  const text = [...paragraphs, ...link, closing].join('\n\n') + '\n';
  const htmlLink =
    checkoutUrl === null ? [] : [`<p><a href="${escapeHtml(checkoutUrl)}">Pay ${escapeHtml(due)} online</a></p>`];
  const html = [
    '<!doctype html><html><body>',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    ...htmlLink,
    `<p>${escapeHtml(closing)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
