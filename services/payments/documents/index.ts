export { findInvoicePdfDocument, type PayLink } from './invoice-pdf-document';
