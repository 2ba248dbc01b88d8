import { randomBytes } from 'node:crypto';
import type { RegisterRequest, RegistrationJson } from '../api/routes/auth/schema';

/**
 * Rate limits high enough for tests that register and log in many times: the anonymous and login buckets are per
 * client IP, and every test reaches the API from 127.0.0.1. Pass as `startTestApi({ env: RELAXED_RATE_LIMITS })`.
 */
export const RELAXED_RATE_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
};

/** The password `registerTenant` uses unless overridden; log in with it. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** A registration body with a unique e-mail and company name; `overrides` replace any field. */
export function registrationRequest(overrides: Partial<RegisterRequest> = {}): RegisterRequest {
  const unique = randomBytes(6).toString('hex');
  return {
    name: 'Ada Owner',
    email: `owner-${unique}@example.com`,
    password: TEST_PASSWORD,
    companyName: `Test Company ${unique}`,
    ...overrides,
  };
}

/**
 * Registers a tenant through POST /api/auth/register on a running API (see startTestApi) and returns the 201 body:
 * tokens, the "Default" API key (every scope) and the tenant. Throws with the response when it is not 201.
 */
export async function registerTenant(
  api: { url: string; logs?: () => Record<string, unknown>[] },
  overrides: Partial<RegisterRequest> = {},
): Promise<RegistrationJson> {
  const response = await fetch(`${api.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(registrationRequest(overrides)),
  });
  const body: unknown = await response.json();
  if (response.status !== 201) {
    // A 500 says nothing of its cause to the client: the server's error log does.
    const errors = (api.logs?.() ?? []).filter((line) => Number(line.level) >= 50);
    throw new Error(
      `POST /api/auth/register answered ${response.status}: ${JSON.stringify(body)}; server errors: ${JSON.stringify(errors)}`,
    );
  }
  return body as RegistrationJson;
}
