import jwt from 'jsonwebtoken';
import { issuePasswordReset, refreshSession, startSession, type TokenClaims } from '../../../services/platform/auth';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { registerTenant, RELAXED_RATE_LIMITS, TEST_PASSWORD } from '../../../test/fixtures/register-tenant';
import type { TokenPairJson } from './schema';

/**
 * Refreshes and logins racing what ends sessions: a password reset (every login of the tenant) and reuse detection
 * (one login). Whatever the interleaving, no refresh token minted before or during either survives it. Many rounds,
 * several sessions each, so an unlucky interleaving shows up on every run.
 */
const ROUNDS = 20;
const SESSIONS = 4;

let api: TestApi;
let tenantId: string;

beforeAll(async () => {
  api = await startTestApi({ env: { ...RELAXED_RATE_LIMITS } });
  tenantId = (await registerTenant(api)).tenant.id;
});
afterAll(() => api.close());

const issuer = () => ({ orm: api.orm, jwtSecret: api.config.jwtSecret });

const post = (path: string, body: unknown) =>
  fetch(`${api.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The refresh tokens a refresh or login reply issued, if it succeeded. */
async function issuedBy(response: Response): Promise<string[]> {
  if (response.status !== 200) return [];
  return [((await response.json()) as TokenPairJson).refreshToken];
}

async function liveTokens(where: 'tenant_id' | 'family_id', value: string): Promise<number> {
  const rows = await api.orm.em
    .getConnection()
    .execute<{ live: number }[]>(
      `select count(*)::int as live from central.refresh_tokens where ${where} = ? and revoked_at is null`,
      [value],
    );
  return rows[0]!.live;
}

describe('refresh racing a password reset', () => {
  it('leaves no refresh token alive, whichever commits first', async () => {
    const survivors: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const sessions = await Promise.all(
        Array.from({ length: SESSIONS }, () => startSession({ ...issuer(), tenantId })),
      );
      const resetToken = await issuePasswordReset({ ...issuer(), tenantId });
      let resetAnswered = false;
      // Each session keeps refreshing (a busy client) until the reset answers, so refreshes overlap its transaction.
      const keepRefreshing = async (refreshToken: string): Promise<string> => {
        let current = refreshToken;
        while (!resetAnswered) {
          const [next] = await issuedBy(await post('/auth/refresh', { refreshToken: current }));
          if (next === undefined) break;
          current = next;
        }
        return current;
      };
      const reset = post('/auth/reset-password', { token: resetToken, newPassword: `new password ${round}` }).then(
        (response) => {
          resetAnswered = true;
          return response;
        },
      );
      const [resetReply, ...lastTokens] = await Promise.all([
        reset,
        ...sessions.map(({ refreshToken }) => keepRefreshing(refreshToken)),
      ]);
      expect(resetReply.status).toBe(200);
      for (const refreshToken of lastTokens) {
        const next = await post('/auth/refresh', { refreshToken });
        if (next.status !== 401) survivors.push(`round ${round}: a token minted before the reset answered refreshed`);
      }
      const live = await liveTokens('tenant_id', tenantId);
      if (live !== 0) survivors.push(`round ${round}: ${live} refresh tokens unrevoked after the reset`);
    }
    expect(survivors).toEqual([]);
  });
});

describe('login racing a password reset', () => {
  it('leaves no refresh token alive, not even from a login that verified the old password before the reset', async () => {
    // A tenant of its own: every round changes its password.
    const { tenant } = await registerTenant(api);
    let password = TEST_PASSWORD;
    const survivors: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const resetToken = await issuePasswordReset({ ...issuer(), tenantId: tenant.id });
      const oldPassword = password;
      password = `new password ${round}`;
      let resetAnswered = false;
      // Each client keeps logging in with the old password until the reset answers, so some login has verified
      // the old hash (scrypt takes a while) when the reset commits, and starts its session after it.
      const keepLoggingIn = async (): Promise<string[]> => {
        const minted: string[] = [];
        while (!resetAnswered) {
          const issued = await issuedBy(await post('/auth/login', { email: tenant.email, password: oldPassword }));
          if (issued.length === 0) break;
          minted.push(...issued);
        }
        return minted;
      };
      const reset = post('/auth/reset-password', { token: resetToken, newPassword: password }).then((response) => {
        resetAnswered = true;
        return response;
      });
      const [resetReply, ...minted] = await Promise.all([
        reset,
        ...Array.from({ length: SESSIONS }, () => keepLoggingIn()),
      ]);
      expect(resetReply.status).toBe(200);
      for (const refreshToken of minted.flat()) {
        const next = await post('/auth/refresh', { refreshToken });
        if (next.status !== 401) survivors.push(`round ${round}: a login racing the reset kept a live refresh token`);
      }
      const live = await liveTokens('tenant_id', tenant.id);
      if (live !== 0) survivors.push(`round ${round}: ${live} refresh tokens unrevoked after the reset`);
    }
    expect(survivors).toEqual([]);
  });
});

describe('refresh racing reuse detection', () => {
  it('revokes the whole family, the token a concurrent refresh mints included', async () => {
    const survivors: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each session: its first token used once (the copy a thief replays) and the current one (the owner's).
      const sessions = await Promise.all(
        Array.from({ length: SESSIONS }, async () => {
          const first = await startSession({ ...issuer(), tenantId });
          const next = await refreshSession(issuer(), first.refreshToken);
          if (!next.ok) throw new Error('the first refresh failed');
          return { used: first.refreshToken, current: next.tokens.refreshToken };
        }),
      );
      const replies = await Promise.all(
        sessions.flatMap(({ used, current }) => [
          post('/auth/refresh', { refreshToken: used }),
          post('/auth/refresh', { refreshToken: current }),
        ]),
      );
      for (const [index, { used }] of sessions.entries()) {
        expect(replies[2 * index]!.status).toBe(401);
        for (const refreshToken of await issuedBy(replies[2 * index + 1]!)) {
          const next = await post('/auth/refresh', { refreshToken });
          if (next.status !== 401) survivors.push(`round ${round}: a token minted during the revocation refreshed`);
        }
        const family = (jwt.decode(used) as TokenClaims).fam ?? '';
        const live = await liveTokens('family_id', family);
        if (live !== 0) survivors.push(`round ${round}: ${live} tokens of a reused family unrevoked`);
      }
    }
    expect(survivors).toEqual([]);
  });
});
