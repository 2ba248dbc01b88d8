import jwt from 'jsonwebtoken';
import { signToken, type TokenClaims } from '../../../services/platform/auth';
import { createPlatformMailer } from '../../../infra/mail';
import { startTestApi, type TestApi } from '../../../test/harness/api-harness';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/fakes/smtp-server';
import { registerTenant, RELAXED_RATE_LIMITS, TEST_PASSWORD } from '../../../test/fixtures/register-tenant';

/** Undoes quoted-printable (soft line breaks, `=3D`), which nodemailer uses for long text lines. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function waitFor<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const PUBLIC_URL = 'https://billing.example.test';
const LINK = /https:\/\/billing\.example\.test\/reset-password\?token=([A-Za-z0-9._~%-]+)/;

let mail: TestSmtpServer;
let api: TestApi;

beforeAll(async () => {
  mail = await startTestSmtpServer();
  api = await startTestApi({
    env: { ...RELAXED_RATE_LIMITS, PUBLIC_URL },
    mailer: createPlatformMailer({
      smtpUrl: `smtp://127.0.0.1:${mail.port}`,
      from: 'billing@example.test',
      allowInsecureAuth: false,
    }),
  });
});
afterAll(async () => {
  await api.close();
  await mail.close();
});

const post = (path: string, body: unknown) =>
  fetch(`${api.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Asks for a reset of `email` and returns the token from the link in the e-mail that arrives. */
async function requestResetToken(email: string): Promise<string> {
  const seen = mail.messages.length;
  expect((await post('/auth/forgot-password', { email })).status).toBe(200);
  const message = await waitFor(
    () => mail.messages.slice(seen).find((candidate) => candidate.to.includes(email)),
    `the reset e-mail to ${email}`,
  );
  const token = LINK.exec(decodeQuotedPrintable(message.raw))?.[1];
  if (token === undefined) throw new Error(`no reset link in:\n${message.raw}`);
  return decodeURIComponent(token);
}

const RESET_DONE = { message: 'Password changed. Every session was signed out; log in with the new password.' };
const INVALID_RESET = {
  statusCode: 401,
  error: 'invalid_token',
  message: 'Invalid, expired or already used reset token',
};

describe('password reset', () => {
  it('answers forgot-password identically for known and unknown e-mails, and mails only the known one', async () => {
    const registration = await registerTenant(api);
    const unknownEmail = `nobody-${Date.now()}@example.com`;

    const known = await post('/auth/forgot-password', { email: registration.tenant.email.toUpperCase() });
    const unknown = await post('/auth/forgot-password', { email: unknownEmail });

    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    const message = await waitFor(
      () => mail.messages.find((candidate) => candidate.to.includes(registration.tenant.email)),
      'the reset e-mail',
    );
    expect(message.raw).toMatch(/^Subject: Reset your password/m);
    expect(decodeQuotedPrintable(message.raw)).toMatch(LINK);
    expect(mail.messages.some((candidate) => candidate.to.includes(unknownEmail))).toBe(false);
  });

  it('follows the e-mailed link: sets the new password, ends every session, and the old password stops working', async () => {
    const registration = await registerTenant(api);
    const email = registration.tenant.email;
    const otherLogin = (await (await post('/auth/login', { email, password: TEST_PASSWORD })).json()) as {
      refreshToken: string;
    };
    const token = await requestResetToken(email);
    expect((jwt.decode(token) as TokenClaims).typ).toBe('reset');

    const reset = await post('/auth/reset-password', { token, newPassword: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual(RESET_DONE);

    expect((await post('/auth/login', { email, password: TEST_PASSWORD })).status).toBe(401);
    expect((await post('/auth/login', { email, password: 'a brand new password' })).status).toBe(200);
    for (const refreshToken of [registration.refreshToken, otherLogin.refreshToken]) {
      expect((await post('/auth/refresh', { refreshToken })).status).toBe(401);
    }
  });

  it('ends access tokens issued before the reset, while a login after it works', async () => {
    const registration = await registerTenant(api);
    const { sub } = jwt.decode(registration.accessToken) as TokenClaims;
    // Issued a few seconds before the reset, as a stolen token would have been.
    const earlier = jwt.sign({ typ: 'access', iat: Math.floor(Date.now() / 1000) - 5 }, api.config.jwtSecret, {
      algorithm: 'HS256',
      subject: sub,
      jwtid: 'earlier-token',
      expiresIn: 3600,
    });
    const me = (accessToken: string) =>
      fetch(`${api.url}/api/tenants/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
    expect((await me(earlier)).status).toBe(200);

    const token = await requestResetToken(registration.tenant.email);
    expect((await post('/auth/reset-password', { token, newPassword: 'a brand new password' })).status).toBe(200);

    expect((await me(earlier)).status).toBe(401);
    const login = await post('/auth/login', { email: registration.tenant.email, password: 'a brand new password' });
    const { accessToken } = (await login.json()) as { accessToken: string };
    expect((await me(accessToken)).status).toBe(200);
  });

  it('accepts a reset token once only, and a reset ends every other outstanding link', async () => {
    const registration = await registerTenant(api);
    const older = await requestResetToken(registration.tenant.email);
    const token = await requestResetToken(registration.tenant.email);
    expect((await post('/auth/reset-password', { token, newPassword: 'first new password' })).status).toBe(200);

    for (const reused of [token, older]) {
      const again = await post('/auth/reset-password', { token: reused, newPassword: 'second new password' });
      expect(again.status).toBe(401);
      expect(await again.json()).toEqual(INVALID_RESET);
    }
    const email = registration.tenant.email;
    expect((await post('/auth/login', { email, password: 'first new password' })).status).toBe(200);
  });

  it('refuses an access or refresh token, an expired reset token and a forged one', async () => {
    const registration = await registerTenant(api);
    const token = await requestResetToken(registration.tenant.email);
    const { sub, jti } = jwt.decode(token) as TokenClaims;
    const asAccess = signToken(api.config.jwtSecret, { typ: 'access', tenantId: sub, jti });
    const forged = signToken('another-secret-of-at-least-thirty-two-chars', { typ: 'reset', tenantId: sub, jti });
    for (const wrong of [registration.accessToken, registration.refreshToken, asAccess, forged]) {
      const response = await post('/auth/reset-password', { token: wrong, newPassword: 'never applied 1' });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_RESET);
    }

    await api.orm.em
      .getConnection()
      .execute(
        "update central.password_resets set expires_at = now() - interval '1 second' where jti = ?",
        [jti],
        'run',
      );
    expect((await post('/auth/reset-password', { token, newPassword: 'never applied 2' })).status).toBe(401);
    const login = await post('/auth/login', { email: registration.tenant.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
  });

  it('refuses a reset token the server never issues: no expiry, over an hour long, or issued in the future', async () => {
    const registration = await registerTenant(api);
    const token = await requestResetToken(registration.tenant.email);
    const { sub, jti, iat } = jwt.decode(token) as TokenClaims;
    const now = Math.floor(Date.now() / 1000);
    // The real link's row: only the times differ from what the server signed.
    const withTimes = (times: { iat: number; exp?: number }) =>
      jwt.sign({ typ: 'reset', ...times }, api.config.jwtSecret, { algorithm: 'HS256', subject: sub, jwtid: jti });
    for (const forged of [
      withTimes({ iat }),
      withTimes({ iat, exp: iat + 3601 }),
      withTimes({ iat: now + 120, exp: now + 120 + 3600 }),
    ]) {
      const response = await post('/auth/reset-password', { token: forged, newPassword: 'never applied 3' });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual(INVALID_RESET);
    }
    expect((await post('/auth/reset-password', { token, newPassword: 'applied at last' })).status).toBe(200);
  });

  it('answers 400 naming the field for a short new password or an unknown property', async () => {
    for (const [body, path] of [
      [{ token: 'x', newPassword: 'short' }, 'body.newPassword'],
      [{ token: 'x', newPassword: 'long enough', email: 'a@example.com' }, 'body.email'],
    ] as const) {
      const response = await post('/auth/reset-password', body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(path);
    }
  });
});

describe('forgot-password when mail cannot be sent', () => {
  it('answers the same and logs the failure', async () => {
    // startTestApi's default mailer refuses every message (no SMTP_URL).
    const unmailed = await startTestApi({ env: { ...RELAXED_RATE_LIMITS } });
    try {
      const registration = await registerTenant(unmailed);
      const response = await fetch(`${unmailed.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: registration.tenant.email }),
      });
      expect(response.status).toBe(200);
      const failure = await waitFor(
        () => unmailed.logs().find((line) => line.msg === 'password reset e-mail not sent'),
        'the logged mail failure',
      );
      expect(failure).toMatchObject({ level: 50, tenantId: registration.tenant.id });
      expect(JSON.stringify(failure)).toContain('No SMTP server configured');
    } finally {
      await unmailed.close();
    }
  });
});
