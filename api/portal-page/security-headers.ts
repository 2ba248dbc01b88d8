import type { Context } from 'koa';

/**
 * What every answer of the hosted page carries. The CSP allows the page's own style sheet and nothing else: no
 * script at all (the page works without JavaScript), no frame, no plug-in, no other origin. `form-action` is left
 * out on purpose: paying submits a form whose answer redirects to the payment provider's checkout, and browsers
 * apply `form-action` to that redirect too. `no-referrer` keeps a link's token out of any Referer header, and
 * `no-store` keeps a customer's billing out of shared caches and the back button of a shared computer.
 */
export const PORTAL_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function setPortalSecurityHeaders(ctx: Context): void {
  ctx.set('Content-Security-Policy', PORTAL_CSP);
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
}
