import type { Context } from 'koa';
import { AppError } from '../http/app-error';

export const invalidCredentials = (message = 'Invalid or missing credentials'): AppError =>
  new AppError(401, 'invalid_credentials', message, undefined, { 'WWW-Authenticate': 'Bearer' });

/** The token of `Authorization: Bearer <token>`; 401 when the header is missing or malformed. */
export function bearerToken(ctx: Context): string {
  const match = /^Bearer +([^\s]+) *$/i.exec(ctx.get('Authorization'));
  if (match?.[1] === undefined) throw invalidCredentials('Missing or malformed Authorization header (Bearer token)');
  return match[1];
}
