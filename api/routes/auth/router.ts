import type { RegistrationHooks } from '../../../services/platform/auth';
import type { AppDeps } from '../../app-deps';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { createAuthService, type AuthService } from '../../../services/platform/auth';
import { presentLogin, presentRegistration, presentTokenPair } from './presenter';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  LoginSchema,
  MessageSchema,
  RefreshRequestSchema,
  RegisterRequestSchema,
  RegistrationSchema,
  ResetPasswordRequestSchema,
  TokenPairSchema,
} from './schema';

export interface AuthRouteOptions {
  /** Test seam: failures injected into the registration transaction. */
  registrationHooks?: RegistrationHooks;
}

const TAGS = ['Auth'];
const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, a password reset link has been sent to it.';
const RESET_PASSWORD_MESSAGE = 'Password changed. Every session was signed out; log in with the new password.';

/** Registration, login, token refresh and password reset (SPEC §4.1): public routes, no credential. */
export function authRoutes(deps: AppDeps, options: AuthRouteOptions = {}): RouteDefinition[] {
  const auth = createAuthService({ ...deps, ...options });
  return [registerRoute(auth), loginRoute(auth), refreshRoute(auth), forgotPasswordRoute(auth), resetRoute(auth)];
}

const registerRoute = (auth: AuthService) =>
  defineRoute({
    method: 'post',
    path: '/auth/register',
    operationId: 'register',
    summary: 'Register a tenant: its own data schema, a "Default" API key with every scope, and a token pair',
    tags: TAGS,
    auth: { kind: 'none' },
    body: RegisterRequestSchema,
    responses: {
      201: { description: 'Registered; `apiKey` is shown only here', schema: RegistrationSchema },
      409: { description: '`email_taken`: the e-mail is registered already (in any case)', schema: ErrorBodySchema },
    },
    handler: async ({ body }) => presentRegistration(await auth.register(body)),
  });

const loginRoute = (auth: AuthService) =>
  defineRoute({
    method: 'post',
    path: '/auth/login',
    operationId: 'login',
    summary: 'Log in with e-mail and password; starts a new session (refresh-token family)',
    tags: TAGS,
    auth: { kind: 'none' },
    body: LoginRequestSchema,
    responses: {
      200: { description: 'Logged in', schema: LoginSchema },
      401: {
        description: '`invalid_credentials`, the same for an unknown e-mail, a wrong password or an inactive tenant',
        schema: ErrorBodySchema,
      },
    },
    handler: async ({ body }) => presentLogin(await auth.login(body)),
  });

const refreshRoute = (auth: AuthService) =>
  defineRoute({
    method: 'post',
    path: '/auth/refresh',
    operationId: 'refreshTokens',
    summary: 'Exchange a refresh token (single use) for a new token pair',
    description:
      'Presenting a refresh token that was already used answers 401 and revokes every refresh token of that login.',
    tags: TAGS,
    auth: { kind: 'none' },
    body: RefreshRequestSchema,
    responses: {
      200: { description: 'A new pair; the presented refresh token no longer works', schema: TokenPairSchema },
      401: { description: '`invalid_token`: invalid, expired, revoked or already used', schema: ErrorBodySchema },
    },
    handler: async ({ body }) => presentTokenPair(await auth.refresh(body.refreshToken)),
  });

const forgotPasswordRoute = (auth: AuthService) =>
  defineRoute({
    method: 'post',
    path: '/auth/forgot-password',
    operationId: 'forgotPassword',
    summary: 'E-mail a password reset link (valid 1 hour, single use)',
    description: 'Answers the same whether or not the e-mail belongs to an account.',
    tags: TAGS,
    auth: { kind: 'none' },
    body: ForgotPasswordRequestSchema,
    responses: { 200: { description: 'Always the same message', schema: MessageSchema } },
    handler: async ({ body }) => {
      await auth.forgotPassword(body.email);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  });

const resetRoute = (auth: AuthService) =>
  defineRoute({
    method: 'post',
    path: '/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with the token from the reset e-mail; signs out every session',
    tags: TAGS,
    auth: { kind: 'none' },
    body: ResetPasswordRequestSchema,
    responses: {
      200: { description: 'Password changed, every refresh token revoked', schema: MessageSchema },
      401: {
        description: '`invalid_token`: invalid, expired, already used, or not a reset token',
        schema: ErrorBodySchema,
      },
    },
    handler: async ({ body }) => {
      await auth.resetPassword(body);
      return { message: RESET_PASSWORD_MESSAGE };
    },
  });
