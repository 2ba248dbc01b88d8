import { createApiKey, listApiKeys, revokeApiKey } from '../../../services/platform/api-keys';
import type { AppDeps } from '../../app-deps';
import { authOf } from '../../auth/auth-context';
import { notFound, validationFailed } from '../../../services/platform/errors';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { presentApiKey } from './presenter';
import {
  ApiKeyListSchema,
  ApiKeyParamsSchema,
  ApiKeySchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
} from './schema';
import { wallClock } from '../../../infra/wall-clock';

const TAGS = ['API keys'];

/** API keys of the tenant: create, list, revoke (SPEC §4.2, §5.3). Managed with the owner's JWT only. */
export function apiKeyRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/tenants/me/api-keys',
      operationId: 'createApiKey',
      summary: 'Create an API key; its value is returned once',
      description:
        '`expiresAt`, when a timestamp, must be in the future (400 naming it); null or absent never expires.',
      tags: TAGS,
      auth: { kind: 'jwt' },
      body: CreateApiKeyBodySchema,
      responses: {
        201: { description: 'The key, with its value (`key`), shown only now', schema: CreatedApiKeySchema },
      },
      handler: async ({ body, ctx }) => {
        // Absent or null: the key never expires.
        const expiresAt = typeof body.expiresAt === 'string' ? new Date(body.expiresAt) : null;
        if (expiresAt !== null && expiresAt.getTime() <= wallClock.now().getTime()) {
          throw validationFailed([{ path: 'body.expiresAt', message: 'must be in the future' }]);
        }
        const created = await createApiKey(orm, {
          tenantId: authOf(ctx).tenantId,
          name: body.name,
          scopes: body.scopes,
          expiresAt,
        });
        return { ...presentApiKey(created.record), key: created.value };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/tenants/me/api-keys',
      operationId: 'listApiKeys',
      summary: 'List the API keys not revoked (expired ones included), newest first, without their values',
      tags: TAGS,
      auth: { kind: 'jwt' },
      query: PaginationQuerySchema,
      responses: { 200: { description: 'A page of keys', schema: ApiKeyListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { records, total } = await listApiKeys(orm, authOf(ctx).tenantId, window);
        return toListEnvelope(records.map(presentApiKey), total, window);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/tenants/me/api-keys/:id',
      operationId: 'revokeApiKey',
      summary: 'Revoke an API key; refused within 5 seconds on every API process',
      description:
        'API processes cache accepted keys for up to 5 seconds: the process that revokes the key refuses it from its ' +
        'next request on, the others within 5 seconds. A revoked key is no longer listed; revoking it again is 404 ' +
        '`api_key_not_found`.',
      tags: TAGS,
      auth: { kind: 'jwt' },
      params: ApiKeyParamsSchema,
      responses: {
        200: { description: 'The revoked key (`revokedAt` set)', schema: ApiKeySchema },
        404: {
          description: '`api_key_not_found`: unknown, already revoked, or another tenant’s',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, ctx }) => {
        const revoked = await revokeApiKey(orm, authOf(ctx).tenantId, params.id);
        if (revoked === undefined) throw notFound('api_key_not_found', `API key ${params.id} not found`);
        // Refused from its next request here; other API processes drop it from their caches within 5 s.
        deps.apiKeyAuthenticator.forget(revoked.id);
        return presentApiKey(revoked);
      },
    }),
  ];
}
