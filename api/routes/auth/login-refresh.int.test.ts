import jwt from 'jsonwebtoken';
import { signToken, verifyToken, type TokenClaims } from '../../../services/platform/auth';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { registerTenant, RELAXED_RATE_LIMITS, TEST_PASSWORD } from '../../../test/fixtures/register-tenant';
import type { LoginJson, TokenPairJson } from './schema';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ env: { ...RELAXED_RATE_LIMITS } });
});
afterAll(() => api.close());

const post = (path: string, body: unknown) =>
  fetch(`${api.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const execute = (sql: string, params: unknown[]) => api.orm.em.getConnection().execute(sql, params, 'run');

const claimsOf = (token: string) => jwt.decode(token) as TokenClaims;

async function login(email: string, password = TEST_PASSWORD): Promise<LoginJson> {
  const response = await post('/auth/login', { email, password });
  expect(response.status).toBe(200);
  return (await response.json()) as LoginJson;
}

async function refresh(refreshToken: string): Promise<Response> {
  return post('/auth/refresh', { refreshToken });
}

const INVALID_LOGIN = { statusCode: 401, error: 'invalid_credentials', message: 'Invalid email or password' };
const INVALID_REFRESH = {
  statusCode: 401,
  error: 'invalid_token',
  message: 'Invalid, expired or already used refresh token',
};

describe('POST /auth/login', () => {
  it('logs in with the e-mail in any case and returns a token pair and the tenant', async () => {
    const registration = await registerTenant(api);
    const body = await login(registration.tenant.email.toUpperCase());

    expect(body.tenant).toEqual(registration.tenant);
    expect(verifyToken(api.config.jwtSecret, body.accessToken, 'access')?.sub).toBe(registration.tenant.id);
    expect(verifyToken(api.config.jwtSecret, body.refreshToken, 'refresh')?.sub).toBe(registration.tenant.id);
  });

  it('starts a new refresh-token family on every login', async () => {
    const registration = await registerTenant(api);
    const first = await login(registration.tenant.email);
    const second = await login(registration.tenant.email);
    const families = [registration, first, second].map(({ refreshToken }) => claimsOf(refreshToken).fam);
    expect(new Set(families).size).toBe(3);
  });

  it('answers an unknown e-mail, a wrong password and an inactive tenant with the same 401', async () => {
    const registration = await registerTenant(api);
    const inactive = await registerTenant(api);
    await execute('update central.tenants set is_active = false where id = ?', [inactive.tenant.id]);

    const attempts = [
      { email: `nobody-${Date.now()}@example.com`, password: TEST_PASSWORD },
      { email: registration.tenant.email, password: 'wrong password' },
      { email: inactive.tenant.email, password: TEST_PASSWORD },
    ];
    for (const attempt of attempts) {
      const response = await post('/auth/login', attempt);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_LOGIN);
      expect(response.headers.get('www-authenticate')).toBeNull();
    }
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const registration = await registerTenant(api);
    const median = async (email: string) => {
      const durations: number[] = [];
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        expect((await post('/auth/login', { email, password: 'wrong password' })).status).toBe(401);
        durations.push(performance.now() - started);
      }
      return durations.sort((a, b) => a - b)[1]!;
    };
    const unknown = await median(`nobody-${Date.now()}@example.com`);
    const known = await median(registration.tenant.email);
    // Both verify one scrypt hash (tens of milliseconds); without it an unknown e-mail would answer in ~1 ms.
    expect(unknown).toBeGreaterThan(known / 3);
  });

  it('answers 400 naming the field for a malformed e-mail or an unknown property', async () => {
    for (const [body, path] of [
      [{ email: 'nope', password: 'x' }, 'body.email'],
      [{ email: 'a@example.com', password: 'x', remember: true }, 'body.remember'],
    ] as const) {
      const response = await post('/auth/login', body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(path);
    }
  });
});

describe('POST /auth/refresh', () => {
  it('exchanges a refresh token for a new pair in the same family; the old one stops working', async () => {
    const registration = await registerTenant(api);
    const response = await refresh(registration.refreshToken);
    expect(response.status).toBe(200);
    const pair = (await response.json()) as TokenPairJson;
    expect(Object.keys(pair).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(verifyToken(api.config.jwtSecret, pair.accessToken, 'access')?.sub).toBe(registration.tenant.id);
    expect(claimsOf(pair.refreshToken).fam).toBe(claimsOf(registration.refreshToken).fam);
    expect(pair.refreshToken).not.toBe(registration.refreshToken);

    const next = await refresh(pair.refreshToken);
    expect(next.status).toBe(200);
  });

  it('detects reuse: a used token is refused and revokes every token of that login, access tokens included', async () => {
    const registration = await registerTenant(api);
    const other = await login(registration.tenant.email);
    const tokenA = registration.refreshToken;
    const pairB = (await (await refresh(tokenA)).json()) as TokenPairJson;
    const me = (accessToken: string) =>
      fetch(`${api.url}/api/tenants/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect((await me(pairB.accessToken)).status).toBe(200);

    const reuse = await refresh(tokenA);
    expect(reuse.status).toBe(401);
    expect(await reuse.json()).toEqual(INVALID_REFRESH);
    expect((await refresh(pairB.refreshToken)).status).toBe(401);
    expect((await me(registration.accessToken)).status).toBe(401);
    expect((await me(pairB.accessToken)).status).toBe(401);
    // Another login (family) of the same tenant is untouched.
    expect((await me(other.accessToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('lets only one of two concurrent refreshes with the same token succeed', async () => {
    const registration = await registerTenant(api);
    const responses = await Promise.all([refresh(registration.refreshToken), refresh(registration.refreshToken)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 401]);
    // The loser presented a used token: reuse, so the winner's new token is revoked with its family.
    const winner = responses.find((response) => response.status === 200)!;
    const { refreshToken } = (await winner.json()) as TokenPairJson;
    expect((await refresh(refreshToken)).status).toBe(401);
  });

  it('refuses an access token, a reset token or garbage as refresh token', async () => {
    const registration = await registerTenant(api);
    const { sub, jti, fam } = claimsOf(registration.refreshToken);
    const resetToken = signToken(api.config.jwtSecret, { typ: 'reset', tenantId: sub, jti });
    const accessWithRefreshJti = signToken(api.config.jwtSecret, { typ: 'access', tenantId: sub, jti, family: fam! });
    for (const token of [registration.accessToken, resetToken, accessWithRefreshJti, 'not.a.jwt']) {
      const response = await refresh(token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_REFRESH);
    }
    // None of those attempts used the real refresh token up.
    expect((await refresh(registration.refreshToken)).status).toBe(200);
  });

  it('refuses a refresh token whose JWT or row has expired', async () => {
    const registration = await registerTenant(api);
    const { sub, jti, fam } = claimsOf(registration.refreshToken);
    const expiredJwt = jwt.sign({ typ: 'refresh', fam }, api.config.jwtSecret, {
      algorithm: 'HS256',
      subject: sub,
      jwtid: jti,
      expiresIn: -10,
    });
    expect((await refresh(expiredJwt)).status).toBe(401);

    await execute("update central.refresh_tokens set expires_at = now() - interval '1 second' where jti = ?", [jti]);
    expect((await refresh(registration.refreshToken)).status).toBe(401);
  });

  it('refuses a refresh token the server never issues: no expiry, over 30 days long, or issued in the future', async () => {
    const registration = await registerTenant(api);
    const { sub, jti, fam, iat } = claimsOf(registration.refreshToken);
    const now = Math.floor(Date.now() / 1000);
    const thirtyDays = 30 * 86_400;
    // The real token's row: only the times differ from what the server signed.
    const withTimes = (times: { iat: number; exp?: number }) =>
      jwt.sign({ typ: 'refresh', fam, ...times }, api.config.jwtSecret, {
        algorithm: 'HS256',
        subject: sub,
        jwtid: jti,
      });
    for (const token of [
      withTimes({ iat }),
      withTimes({ iat, exp: iat + thirtyDays + 1 }),
      withTimes({ iat: now + 120, exp: now + 120 + thirtyDays }),
    ]) {
      const response = await refresh(token);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_REFRESH);
    }
    // None of those used the real token up, and the pair it gives rotates as before.
    const rotated = await refresh(registration.refreshToken);
    expect(rotated.status).toBe(200);
    const pair = (await rotated.json()) as TokenPairJson;
    expect((await refresh(pair.refreshToken)).status).toBe(200);
  });

  it('refuses a token signed with another secret, and the tokens of a deactivated tenant', async () => {
    const registration = await registerTenant(api);
    const { sub, jti, fam } = claimsOf(registration.refreshToken);
    const forged = signToken('another-secret-of-at-least-thirty-two-chars', {
      typ: 'refresh',
      tenantId: sub,
      jti,
      family: fam!,
    });
    expect((await refresh(forged)).status).toBe(401);

    await execute('update central.tenants set is_active = false where id = ?', [sub]);
    expect((await refresh(registration.refreshToken)).status).toBe(401);
  });
});
