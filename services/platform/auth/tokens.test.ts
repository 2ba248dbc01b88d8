import jwt from 'jsonwebtoken';
import { signToken, TOKEN_LIFETIME_SECONDS, verifyToken, type TokenType } from './tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const TENANT_ID = 'ten_01JD0000000000000000000000';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token signed with the server's secret whose times are chosen freely (no `iat` unless given). */
function forge(typ: TokenType, times: { iat?: number; exp?: number }): string {
  return jwt.sign({ typ, ...times }, SECRET, {
    algorithm: 'HS256',
    subject: TENANT_ID,
    jwtid: 'jti-1',
    ...(times.iat === undefined ? { noTimestamp: true } : {}),
  });
}

describe.each(['access', 'refresh', 'reset'] as const)('verifyToken of a %s token', (typ) => {
  const lifetime = TOKEN_LIFETIME_SECONDS[typ];
  const verify = (token: string) => verifyToken(SECRET, token, typ);

  it('accepts the tokens this server issues', () => {
    const token = signToken(SECRET, { typ, tenantId: TENANT_ID, jti: 'jti-1', family: 'fam-1' });
    expect(verify(token)).toMatchObject({ sub: TENANT_ID, typ, jti: 'jti-1' });
  });

  it('accepts a token of exactly its lifetime issued earlier, and one issued up to 60 s ahead of this clock', () => {
    const now = nowSeconds();
    expect(verify(forge(typ, { iat: now - 100, exp: now - 100 + lifetime }))?.sub).toBe(TENANT_ID);
    expect(verify(forge(typ, { iat: now + 60, exp: now + 60 + lifetime }))?.sub).toBe(TENANT_ID);
  });

  it('refuses a token without an expiry, or without an issue time', () => {
    const now = nowSeconds();
    expect(verify(forge(typ, { iat: now }))).toBeUndefined();
    expect(verify(forge(typ, { exp: now + 60 }))).toBeUndefined();
    expect(verify(forge(typ, {}))).toBeUndefined();
  });

  it(`refuses a token whose lifetime exceeds ${lifetime} s by even a second`, () => {
    const now = nowSeconds();
    expect(verify(forge(typ, { iat: now, exp: now + lifetime + 1 }))).toBeUndefined();
    expect(verify(forge(typ, { iat: now - 10 * lifetime, exp: now + 60 }))).toBeUndefined();
  });

  it('refuses a token issued more than 60 s in the future', () => {
    // 120 s ahead rather than 61: the check reads the clock a moment after this test does.
    const iat = nowSeconds() + 120;
    expect(verify(forge(typ, { iat, exp: iat + lifetime }))).toBeUndefined();
  });
});
