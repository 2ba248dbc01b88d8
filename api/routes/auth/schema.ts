import { Type, type Static } from '@sinclair/typebox';
import { named } from '../../openapi/schema-registry';
import { TenantSchema } from '../../presenters/tenant';

const closed = { additionalProperties: false } as const;

const Email = Type.String({
  format: 'email',
  maxLength: 254,
  description: 'Login e-mail; compared case-insensitively',
});
const NewPassword = Type.String({
  minLength: 8,
  maxLength: 128,
  description: '8 to 128 characters',
  example: 'correct horse battery staple',
});
// Blank names are refused; surrounding whitespace is trimmed before storing.
const DisplayText = (description: string, example: string) =>
  Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description, example });
const Jwt = (description: string) => Type.String({ minLength: 1, maxLength: 4096, description });

export const RegisterRequestSchema = named(
  'RegisterRequest',
  Type.Object(
    {
      name: DisplayText('Name of the person registering', 'Ada Owner'),
      email: Email,
      password: NewPassword,
      companyName: DisplayText('Company name; the slug is made from it', 'Acme GmbH'),
    },
    closed,
  ),
);

export const LoginRequestSchema = named(
  'LoginRequest',
  Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 128 }) }, closed),
);

export const RefreshRequestSchema = named(
  'RefreshRequest',
  Type.Object({ refreshToken: Jwt('A refresh token from register, login or a previous refresh; single use') }, closed),
);

export const ForgotPasswordRequestSchema = named('ForgotPasswordRequest', Type.Object({ email: Email }, closed));

export const ResetPasswordRequestSchema = named(
  'ResetPasswordRequest',
  Type.Object(
    { token: Jwt('The reset token from the e-mailed link; single use, 1 hour'), newPassword: NewPassword },
    closed,
  ),
);

const accessToken = Type.String({ description: 'JWT (`typ: access`), 3600 s; for /tenants routes' });
const refreshToken = Type.String({ description: 'JWT (`typ: refresh`), 30 days, single use: POST /auth/refresh' });

export const TokenPairSchema = named('TokenPair', Type.Object({ accessToken, refreshToken }, closed));

export const RegistrationSchema = named(
  'Registration',
  Type.Object(
    {
      accessToken,
      refreshToken,
      apiKey: Type.String({ description: 'Value of the "Default" key with every scope; never shown again' }),
      tenant: TenantSchema,
    },
    closed,
  ),
);

export const LoginSchema = named('Login', Type.Object({ accessToken, refreshToken, tenant: TenantSchema }, closed));

export const MessageSchema = named('Message', Type.Object({ message: Type.String() }, closed));

export type RegisterRequest = Static<typeof RegisterRequestSchema>;
export type TokenPairJson = Static<typeof TokenPairSchema>;
export type RegistrationJson = Static<typeof RegistrationSchema>;
export type LoginJson = Static<typeof LoginSchema>;
export type MessageJson = Static<typeof MessageSchema>;
