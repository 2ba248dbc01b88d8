import { isKeyedDigest, keyedDigest } from '../../../infra/crypto/signed-token';
import type { PortalKeys, PortalSession } from './portal-session';

/**
 * The CSRF token every form of a session's page carries: a keyed digest of the session id, so it is the same for
 * every form of the session (a second tab works) and no other session's, and no one without the server's key can
 * make it. With the SameSite=Lax cookie, a cross-site form post carries neither.
 */
export function csrfTokenFor(keys: PortalKeys, session: PortalSession): string {
  return keyedDigest(keys.csrf, session.id);
}

export function isCsrfTokenOf(keys: PortalKeys, session: PortalSession, token: unknown): boolean {
  return typeof token === 'string' && isKeyedDigest(keys.csrf, session.id, token);
}
