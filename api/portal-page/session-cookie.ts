import type { Context } from 'koa';

/** The hosted page's session cookie: scoped to the page's path, never readable by script. */
export const SESSION_COOKIE = 'portal_session';

/**
 * `Set-Cookie` for a session value that lasts until `expiresAt`. Written by hand, not with ctx.cookies: Koa refuses a
 * Secure cookie on a connection it does not see as TLS, which is every connection behind a TLS-terminating proxy
 * that the operator has not declared. SameSite=Lax sends it on the customer's own top-level navigation (the link,
 * the provider's redirect back) and on no cross-site POST.
 */
export function setSessionCookie(
  ctx: Context,
  request: { value: string; expiresAt: Date; now: Date; secure: boolean },
): void {
  const maxAge = Math.max(0, Math.floor((request.expiresAt.getTime() - request.now.getTime()) / 1000));
  const attributes = [
    `${SESSION_COOKIE}=${request.value}`,
    'Path=/portal',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(request.secure ? ['Secure'] : []),
  ];
  ctx.append('Set-Cookie', attributes.join('; '));
}

export function sessionCookieOf(ctx: Context): string | undefined {
  return ctx.cookies.get(SESSION_COOKIE) ?? undefined;
}
