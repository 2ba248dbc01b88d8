import jwt from 'jsonwebtoken';
import { wallClock } from '../../../infra/wall-clock';

/**
 * The three JWT kinds of CONTRACT §6. Each carries its own `typ`, and verification demands the expected one, so an
 * access token is never accepted as a refresh or reset token and the reverse. Every token has a `jti`: refresh and
 * reset tokens are single use, tracked by it in the central schema.
 */
export type TokenType = 'access' | 'refresh' | 'reset';

export const TOKEN_LIFETIME_SECONDS: Readonly<Record<TokenType, number>> = {
  access: 3600,
  refresh: 30 * 24 * 3600,
  reset: 3600,
};

const ALGORITHM = 'HS256';

/** How far ahead of this server's clock a token's `iat` may lie: the clock of the server that signed it may run fast. */
const MAX_ISSUED_AHEAD_SECONDS = 60;

export interface TokenClaims {
  /** The tenant id. */
  sub: string;
  typ: TokenType;
  jti: string;
  /**
   * Refresh and access tokens: the login (token family) they belong to. A reused refresh token revokes the family,
   * and with it every access token of that login (access tokens issued before they named one carry none).
   */
  fam?: string;
  iat: number;
  exp: number;
}

export function signToken(
  secret: string,
  claims: { typ: TokenType; tenantId: string; jti: string; family?: string },
): string {
  const payload = { typ: claims.typ, ...(claims.family === undefined ? {} : { fam: claims.family }) };
  return jwt.sign(payload, secret, {
    algorithm: ALGORITHM,
    subject: claims.tenantId,
    jwtid: claims.jti,
    expiresIn: TOKEN_LIFETIME_SECONDS[claims.typ],
  });
}

/** The claims of a valid, unexpired token of the expected type; undefined for anything else. */
export function verifyToken(secret: string, token: string, expected: TokenType): TokenClaims | undefined {
  const now = wallClock.now();
  try {
    const claims = jwt.verify(token, secret, {
      algorithms: [ALGORITHM],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    });
    if (typeof claims !== 'object' || claims.typ !== expected) return undefined;
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return undefined;
    if (!hasIssuedLifetime(claims, expected, now)) return undefined;
    return claims as TokenClaims;
  } catch {
    return undefined;
  }
}

/**
 * Whether a token's times are those of a token this server issues: an expiry and an issue time, at most its type's
 * lifetime apart (`signToken` puts them exactly that far apart), and issued no more than a minute ahead of `now`.
 * A signature proves only who signed; without this, a token signed with the secret but no `exp`, or a year long,
 * would be accepted for ever or for a year (its revocation checks aside).
 */
export function hasIssuedLifetime(claims: { iat?: unknown; exp?: unknown }, type: TokenType, now: Date): boolean {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !Number.isFinite(iat) || !Number.isFinite(exp)) {
    return false;
  }
  return exp - iat <= TOKEN_LIFETIME_SECONDS[type] && iat <= now.getTime() / 1000 + MAX_ISSUED_AHEAD_SECONDS;
}
