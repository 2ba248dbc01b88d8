export { acceptsAccessToken } from './access-token-check';
export { createAuthService, type AuthService } from './auth-service';
export { issuePasswordReset } from './password-resets';
export { refreshSession, startSession, type TokenPair } from './refresh-tokens';
export type { Registration, RegistrationHooks } from './registration';
export { signToken, verifyToken, type TokenClaims } from './tokens';
