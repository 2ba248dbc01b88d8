import { testProviderConnection } from '../../../services/payment-providers';
import { openCredentials, type ProviderCredentials } from '../../../services/payment-providers';
import {
  deletePaymentProvider,
  findPaymentProvider,
  insertPaymentProvider,
  listPaymentProviders,
  updatePaymentProvider,
  type PaymentProviderRecord,
} from '../../../services/payment-providers';
import type { AppDeps } from '../../app-deps';
import { tenantEntityManager } from '../../auth/auth-context';
import { conflict, invalid, notFound } from '../../../services/errors';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { presentConnectionTest, presentPaymentProvider } from './presenter';
import { checkApiBaseUrl, valuesForCreate, valuesForUpdate } from './provider-change';
import {
  ConnectionTestResultSchema,
  CreatePaymentProviderBodySchema,
  PaymentProviderListSchema,
  PaymentProviderSchema,
  UpdatePaymentProviderBodySchema,
} from './schema';

const TAGS = ['Payment providers'];
const READ = { kind: 'apiKey', scope: 'payment_providers:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'payment_providers:write' } as const;

const providerNotFound = (id: string) => notFound('payment_provider_not_found', `Payment provider ${id} not found`);
const notFoundResponse = {
  404: { description: '`payment_provider_not_found`: unknown id, or another tenant’s', schema: ErrorBodySchema },
};
const found = (record: PaymentProviderRecord | undefined, id: string): PaymentProviderRecord => {
  if (record === undefined) throw providerNotFound(id);
  return record;
};

/** Payment provider configurations, credentials encrypted at rest, and the connection test (SPEC §4.7). */
export function paymentProviderRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, config } = deps;
  return [
    defineRoute({
      method: 'post',
      path: '/payment-providers',
      operationId: 'createPaymentProvider',
      summary: 'Configure a payment provider (one configuration per provider)',
      description: 'Credentials are encrypted at rest and never returned; responses show masked hints only.',
      tags: TAGS,
      auth: WRITE,
      body: CreatePaymentProviderBodySchema,
      responses: {
        201: { description: 'The configuration', schema: PaymentProviderSchema },
        409: { description: '`payment_provider_exists`: this provider is already configured', schema: ErrorBodySchema },
      },
      handler: async ({ body, ctx }) => {
        const values = await valuesForCreate(body, config);
        const result = await insertPaymentProvider(tenantEntityManager(ctx, orm), values);
        if (!result.ok) {
          throw conflict('payment_provider_exists', `${body.provider} is already configured; update it with PATCH`);
        }
        return presentPaymentProvider(result.record);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payment-providers',
      operationId: 'listPaymentProviders',
      summary: 'List the configured payment providers, newest first',
      tags: TAGS,
      auth: READ,
      query: PaginationQuerySchema,
      responses: { 200: { description: 'A page of configurations', schema: PaymentProviderListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { records, total } = await listPaymentProviders(tenantEntityManager(ctx, orm), window);
        return toListEnvelope(records.map(presentPaymentProvider), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/payment-providers/:id',
      operationId: 'getPaymentProvider',
      summary: 'One payment provider configuration',
      tags: TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The configuration', schema: PaymentProviderSchema }, ...notFoundResponse },
      handler: async ({ params, ctx }) =>
        presentPaymentProvider(found(await findPaymentProvider(tenantEntityManager(ctx, orm), params.id), params.id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/payment-providers/:id',
      operationId: 'updatePaymentProvider',
      summary: 'Update a configuration; partial credentials merge with the stored ones',
      description: 'The provider cannot change. A new `apiBaseUrl` requires the credentials in full.',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: UpdatePaymentProviderBodySchema,
      responses: { 200: { description: 'The configuration', schema: PaymentProviderSchema }, ...notFoundResponse },
      handler: async ({ params, body, ctx }) => {
        const apiBaseUrl =
          typeof body.apiBaseUrl === 'string' ? await checkApiBaseUrl(body.apiBaseUrl, config) : body.apiBaseUrl;
        const updated = await updatePaymentProvider(tenantEntityManager(ctx, orm), params.id, (current) =>
          valuesForUpdate({ current, body, apiBaseUrl, encryptionKey: config.encryptionKey }),
        );
        return presentPaymentProvider(found(updated, params.id));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/payment-providers/:id',
      operationId: 'deletePaymentProvider',
      summary: 'Remove a configuration and its credentials',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The removed configuration', schema: PaymentProviderSchema },
        ...notFoundResponse,
      },
      handler: async ({ params, ctx }) =>
        presentPaymentProvider(found(await deletePaymentProvider(tenantEntityManager(ctx, orm), params.id), params.id)),
    }),
    defineRoute({
      method: 'post',
      path: '/payment-providers/:id/test',
      operationId: 'testPaymentProvider',
      summary: 'Test the connection with the stored credentials',
      description:
        'Calls the provider’s cheapest authenticated endpoint (10 s timeout). The test itself succeeds whatever ' +
        'the verdict: 200 `{ ok: true }`, or 200 `{ ok: false, statusCode, message }` with the provider’s own ' +
        'refusal (statusCode null when it could not be reached).',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The verdict', schema: ConnectionTestResultSchema },
        400: {
          description: '`payment_provider_credentials_unreadable`: ENCRYPTION_KEY changed; send them again',
          schema: ErrorBodySchema,
        },
        ...notFoundResponse,
      },
      handler: async ({ params, ctx }) => {
        const record = found(await findPaymentProvider(tenantEntityManager(ctx, orm), params.id), params.id);
        const result = await testProviderConnection({
          provider: openProvider(record, config.encryptionKey),
          apiBaseUrl: record.apiBaseUrl,
          allowPrivateTargets: config.webhookAllowPrivateTargets,
          clock: deps.clock,
        });
        return presentConnectionTest(result);
      },
    }),
  ];
}

function openProvider(record: PaymentProviderRecord, encryptionKey: Buffer): ProviderCredentials {
  try {
    return {
      provider: record.provider,
      credentials: openCredentials(record.provider, record.sealedCredentials, encryptionKey),
    } as ProviderCredentials;
  } catch {
    throw invalid(
      'payment_provider_credentials_unreadable',
      'The stored credentials can no longer be decrypted; send them again with PATCH',
    );
  }
}
