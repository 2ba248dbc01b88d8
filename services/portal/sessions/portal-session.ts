import { isId, type CustomerId, type TenantId } from '../../../domain/ids';
import { newId } from '../../../infra/ids';
import { signToken, tokenKey, verifyToken, type TokenKey } from '../../../infra/crypto/signed-token';

/** A link lasts an hour (CONTRACT §14); the session cookie it becomes ends with it. */
export const PORTAL_SESSION_LIFETIME_MS = 3_600_000;

/** What a portal link and its session cookie carry: one customer of one tenant, until `expiresAt`. */
export interface PortalSession {
  id: string;
  tenantId: TenantId;
  customerId: CustomerId;
  expiresAt: Date;
  /** Where the page's "back" link goes (the tenant's own site); http(s) only. */
  returnUrl: string | null;
  /** A BCP 47 tag for number and date formats; null: the page's default. */
  locale: string | null;
}

/**
 * The portal's keys, one per purpose: a link's token, the cookie it is exchanged for, and the forms' CSRF tokens
 * never pass for one another.
 */
export interface PortalKeys {
  link: TokenKey;
  cookie: TokenKey;
  csrf: TokenKey;
}

export function portalKeys(encryptionKey: Buffer): PortalKeys {
  return {
    link: tokenKey(encryptionKey, 'portal-link'),
    cookie: tokenKey(encryptionKey, 'portal-session'),
    csrf: tokenKey(encryptionKey, 'portal-csrf'),
  };
}

export function newPortalSession(request: {
  tenantId: TenantId;
  customerId: CustomerId;
  now: Date;
  returnUrl?: string;
  locale?: string;
}): PortalSession {
  return {
    id: newId('portalSession'),
    tenantId: request.tenantId,
    customerId: request.customerId,
    expiresAt: new Date(request.now.getTime() + PORTAL_SESSION_LIFETIME_MS),
    returnUrl: request.returnUrl ?? null,
    locale: request.locale ?? null,
  };
}

/** The signed form of a session, for a link (`keys.link`) or a cookie (`keys.cookie`). */
export function sealPortalSession(key: TokenKey, session: PortalSession): string {
  return signToken(key, {
    sid: session.id,
    ten: session.tenantId,
    cus: session.customerId,
    exp: session.expiresAt.getTime(),
    ret: session.returnUrl,
    loc: session.locale,
  });
}

/**
 * The session a signed value names, when it verifies with `key` and has not expired at `now`; undefined otherwise
 * (tampered, another purpose's, malformed, expired). The caller still checks that the customer exists.
 */
export function openPortalSession(key: TokenKey, token: string, now: Date): PortalSession | undefined {
  const claims = verifyToken(key, token);
  if (claims === undefined) return undefined;
  const { sid, ten, cus, exp, ret, loc } = claims;
  if (!isId('portalSession', sid) || !isId('tenant', ten) || !isId('customer', cus)) return undefined;
  if (typeof exp !== 'number' || exp <= now.getTime()) return undefined;
  return {
    id: sid,
    tenantId: ten,
    customerId: cus,
    expiresAt: new Date(exp),
    returnUrl: typeof ret === 'string' ? ret : null,
    locale: typeof loc === 'string' ? loc : null,
  };
}
