export { csrfTokenFor, isCsrfTokenOf } from './csrf-token';
export { formRequestKey, newFormKey } from './form-key';
export { createPortalLink, PORTAL_PAGE_PATH, type PortalLinkDeps } from './portal-link';
export {
  openPortalSession,
  portalKeys,
  PORTAL_SESSION_LIFETIME_MS,
  sealPortalSession,
  type PortalKeys,
  type PortalSession,
} from './portal-session';
export { invoicePayLink, openInvoicePayLink, PAY_PAGE_PATH, payLinkKey, payLinksOf } from './invoice-pay-link';
