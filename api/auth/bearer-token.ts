import type { Context } from 'koa';
import { HttpError } from '../http/http-error';

export const invalidCredentials = (message = 'Invalid or missing credentials'): HttpError =>
  new HttpError('unauthenticated', 'invalid_credentials', message, { headers: { 'WWW-Authenticate': 'Bearer' } });

/** The token of `Authorization: Bearer <token>`; 401 when the header is missing or malformed. */
export function bearerToken(ctx: Context): string {
  const match = /^Bearer +([^\s]+) *$/i.exec(ctx.get('Authorization'));
  if (match?.[1] === undefined) throw invalidCredentials('Missing or malformed Authorization header (Bearer token)');
  return match[1];
}
