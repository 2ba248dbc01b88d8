import jwt from 'jsonwebtoken';

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
  try {
    const claims = jwt.verify(token, secret, { algorithms: [ALGORITHM] });
    if (typeof claims !== 'object' || claims.typ !== expected) return undefined;
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return undefined;
    return claims as TokenClaims;
  } catch {
    return undefined;
  }
}
