import { unknownAccountPasswordHash, verifyPassword } from '../../../infra/crypto/password';
import { issuePasswordReset, resetPassword } from './password-resets';
import { refreshSession, startLoginSession, type TokenPair } from './refresh-tokens';
import { registerTenant, type Registration, type RegistrationHooks, type RegistrationInput } from './registration';
import type { TenantProfile } from '../tenants';
import { findTenantAccount } from '../tenants';
import type { Config } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import type { Logger } from '../../../infra/logger';
import type { Mailer } from '../../../infra/mail';
import { conflict, unauthenticated } from '../errors';
import { sendPasswordResetMail } from './password-reset-mail';

export interface AuthService {
  register(input: RegistrationInput): Promise<Registration>;
  login(credentials: { email: string; password: string }): Promise<TokenPair & { tenant: TenantProfile }>;
  refresh(refreshToken: string): Promise<TokenPair>;
  /** Always resolves the same way; the e-mail (if any) goes out in the background. */
  forgotPassword(email: string): Promise<void>;
  resetPassword(input: { token: string; newPassword: string }): Promise<void>;
}

export interface AuthServiceDeps {
  orm: Orm;
  config: Config;
  mailer: Mailer;
  logger: Logger;
  registrationHooks?: RegistrationHooks;
}

// Unknown e-mail, wrong password and inactive tenant answer alike, so a login cannot probe for accounts.
const invalidLogin = () => unauthenticated('invalid_credentials', 'Invalid email or password');
const invalidToken = (kind: string) =>
  unauthenticated('invalid_token', `Invalid, expired or already used ${kind} token`);

/** Registration, login, refresh and password reset (SPEC §4.1, CONTRACT §6): refusals as AppErrors. */
export function createAuthService(deps: AuthServiceDeps): AuthService {
  const issuer = { orm: deps.orm, jwtSecret: deps.config.jwtSecret };
  return {
    register: async (input) => {
      const trimmed = { ...input, name: input.name.trim(), companyName: input.companyName.trim() };
      const outcome = await registerTenant({
        ...issuer,
        input: trimmed,
        ...(deps.registrationHooks === undefined ? {} : { hooks: deps.registrationHooks }),
      });
      if (!outcome.ok) throw conflict('email_taken', 'An account with this email already exists');
      return outcome.registration;
    },
    login: async ({ email, password }) => {
      const account = await findTenantAccount(deps.orm, email);
      // Verified against a real hash even when the e-mail is unknown, so both failures take as long.
      const passwordMatches = await verifyPassword(
        password,
        account?.passwordHash ?? (await unknownAccountPasswordHash()),
      );
      if (account === undefined || !passwordMatches || !account.profile.isActive) throw invalidLogin();
      const tokens = await startLoginSession({
        ...issuer,
        tenantId: account.profile.id,
        verifiedPasswordHash: account.passwordHash,
      });
      // The password was reset (or the tenant deactivated) while it was being verified: the old one no longer logs in.
      if (tokens === undefined) throw invalidLogin();
      return { ...tokens, tenant: account.profile };
    },
    refresh: async (refreshToken) => {
      const outcome = await refreshSession(issuer, refreshToken);
      if (!outcome.ok) throw invalidToken('refresh');
      return outcome.tokens;
    },
    forgotPassword: async (email) => {
      const account = await findTenantAccount(deps.orm, email);
      if (account === undefined || !account.profile.isActive) return;
      const tenantId = account.profile.id;
      // Not awaited: the answer must neither wait for SMTP (timing would tell a known e-mail) nor fail with it.
      void issuePasswordReset({ ...issuer, tenantId })
        .then((token) => sendPasswordResetMail({ ...deps, to: account.profile.email, token }))
        .catch((error: unknown) => {
          deps.logger.error({ err: error, tenantId }, 'password reset e-mail not sent');
        });
    },
    resetPassword: async (input) => {
      const outcome = await resetPassword({ ...issuer, ...input });
      if (!outcome.ok) throw invalidToken('reset');
    },
  };
}
