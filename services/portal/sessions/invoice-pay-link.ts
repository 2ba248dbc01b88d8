import { isId, type InvoiceId, type TenantId } from '../../../domain/ids';
import { isKeyedDigest, keyedDigest, tokenKey, type TokenKey } from '../../../infra/crypto/signed-token';
import type { PayLink } from '../../payments/documents';
import { PORTAL_PAGE_PATH } from './portal-link';

/** Where an invoice's pay page lives under PUBLIC_URL: `/portal/pay/<tenantId>/<invoiceId>?key=<digest>`. */
export const PAY_PAGE_PATH = `${PORTAL_PAGE_PATH}/pay`;

/** The key of pay links, derived from ENCRYPTION_KEY for this purpose only (never a portal link's or a cookie's). */
export function payLinkKey(encryptionKey: Buffer): TokenKey {
  return tokenKey(encryptionKey, 'invoice-pay-link');
}

const subjectOf = (tenantId: string, invoiceId: string): string => `${tenantId}:${invoiceId}`;

/**
 * The link an invoice PDF prints while something is due. It does not expire, unlike a portal link (an hour) or a
 * provider's checkout (a day): a document is kept and read later, and the link must still work then. That is safe
 * because it grants nothing but paying this one invoice: its page shows the seller, number, amount due and due date
 * (what the PDF carrying it shows anyway) and opens a checkout for what is still due. It is a keyed digest of the
 * tenant and invoice, so it cannot be made for another invoice, and it is the same every time it is made, so the same
 * invoice state still renders the same bytes.
 */
export function invoicePayLink(
  deps: { key: TokenKey; publicUrl: string },
  invoice: { tenantId: string; invoiceId: string },
): string {
  const key = keyedDigest(deps.key, subjectOf(invoice.tenantId, invoice.invoiceId));
  return `${deps.publicUrl}${PAY_PAGE_PATH}/${invoice.tenantId}/${invoice.invoiceId}?key=${key}`;
}

/** The pay links of a process: its PUBLIC_URL and the key ENCRYPTION_KEY gives them. */
export function payLinksOf(config: { encryptionKey: Buffer; publicUrl: string }): PayLink {
  const deps = { key: payLinkKey(config.encryptionKey), publicUrl: config.publicUrl };
  return (invoice) => invoicePayLink(deps, invoice);
}

/** The tenant and invoice a pay link names, when its key is theirs; undefined for anything else. */
export function openInvoicePayLink(
  key: TokenKey,
  link: { tenantId: string; invoiceId: string; key: unknown },
): { tenantId: TenantId; invoiceId: InvoiceId } | undefined {
  const { tenantId, invoiceId } = link;
  if (!isId('tenant', tenantId) || !isId('invoice', invoiceId) || typeof link.key !== 'string') return undefined;
  return isKeyedDigest(key, subjectOf(tenantId, invoiceId), link.key) ? { tenantId, invoiceId } : undefined;
}
