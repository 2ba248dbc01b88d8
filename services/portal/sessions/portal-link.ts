import type { CustomerId, TenantId } from '../../../domain/ids';
import { newPortalSession, sealPortalSession, type PortalKeys, type PortalSession } from './portal-session';

/** Where the hosted portal lives under PUBLIC_URL; a link is its entry with the token in the query. */
export const PORTAL_PAGE_PATH = '/portal';

export interface PortalLinkDeps {
  keys: PortalKeys;
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  now: Date;
}

/**
 * `POST /portal/customers/:externalId/sessions` (CONTRACT §14): a link for one customer, good for an hour and as
 * many times as it is opened until then. Nothing is stored: the token is the session, signed.
 */
export function createPortalLink(
  deps: PortalLinkDeps,
  request: { tenantId: TenantId; customerId: CustomerId; returnUrl?: string; locale?: string },
): { session: PortalSession; url: string } {
  const session = newPortalSession({ ...request, now: deps.now });
  const token = sealPortalSession(deps.keys.link, session);
  return { session, url: `${deps.publicUrl}${PORTAL_PAGE_PATH}?token=${encodeURIComponent(token)}` };
}
