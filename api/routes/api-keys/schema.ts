import { Type, type Static } from '@sinclair/typebox';
import { SCOPES, type Scope } from '../../../domain/auth/scopes';
import { ULID_PATTERN } from '../../../domain/ids';
import { listEnvelopeSchema } from '../../lists/pagination';
import { named } from '../../openapi/schema-registry';

// A string enum rather than a union of literals: an unknown scope is then one error naming `body.scopes.N`.
export const ScopeSchema = named(
  'Scope',
  Type.Unsafe<Scope>({ type: 'string', enum: [...SCOPES], description: 'An API key scope (`resource:read|write`)' }),
);

const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
const NullableTimestamp = (description: string) => Type.Union([Timestamp(description), Type.Null()]);

const apiKeyProperties = {
  id: Type.String({ pattern: `^key_${ULID_PATTERN}$`, description: 'Used in the revoke path' }),
  name: Type.String({ description: 'Label chosen at creation' }),
  scopes: Type.Array(ScopeSchema),
  prefix: Type.String({ description: "The value's first 12 characters (`sk_live_` + 4), to tell keys apart" }),
  createdAt: Timestamp('When the key was created'),
  lastUsedAt: NullableTimestamp('Last authenticated request, to within a minute; null if never used'),
  expiresAt: NullableTimestamp('After this instant the key is refused; null for no expiry'),
  revokedAt: NullableTimestamp('When the key was revoked; listed keys are never revoked'),
};

export const ApiKeySchema = named('ApiKey', Type.Object(apiKeyProperties, { additionalProperties: false }));
export type ApiKeyJson = Static<typeof ApiKeySchema>;

export const CreatedApiKeySchema = named(
  'CreatedApiKey',
  Type.Object(
    {
      ...apiKeyProperties,
      key: Type.String({
        pattern: '^sk_live_[A-Za-z0-9_-]{43}$',
        description: 'The key value (`sk_live_...`). Shown only in this response: store it now',
      }),
    },
    { additionalProperties: false },
  ),
);

export const ApiKeyListSchema = listEnvelopeSchema('ApiKeyList', ApiKeySchema);

export const CreateApiKeyBodySchema = named(
  'CreateApiKeyRequest',
  Type.Object(
    {
      name: Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '\\S',
        description: 'A label, 1 to 100 characters',
        example: 'CI deploys',
      }),
      scopes: Type.Array(ScopeSchema, {
        minItems: 1,
        uniqueItems: true,
        description: 'What the key may do; any combination of known scopes, each once',
      }),
      expiresAt: Type.Optional(
        Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
          description: 'Optional expiry, an ISO 8601 timestamp in the future; null or absent never expires',
          example: '2099-01-01T00:00:00.000Z',
        }),
      ),
    },
    { additionalProperties: false },
  ),
);

export const ApiKeyParamsSchema = Type.Object(
  { id: Type.String({ maxLength: 64, description: 'The API key id (`key_...`)' }) },
  { additionalProperties: false },
);
