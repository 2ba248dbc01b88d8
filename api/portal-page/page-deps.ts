import type { Context } from 'koa';
import { openPortalSession, type PortalKeys, type PortalSession } from '../../services/portal/sessions';
import type { AppDeps } from '../app-deps';
import { sessionCookieOf } from './session-cookie';

/** What the page's handlers share. */
export interface PageDeps {
  app: AppDeps;
  keys: PortalKeys;
  secureCookie: boolean;
}

/** The session of the request's cookie, while it verifies and has not expired. */
export function sessionOf(page: PageDeps, ctx: Context): PortalSession | undefined {
  const value = sessionCookieOf(ctx);
  return value === undefined ? undefined : openPortalSession(page.keys.cookie, value, page.app.clock.now());
}
