import {
  changePaymentProvider,
  configurePaymentProvider,
  findPaymentProvider,
  listPaymentProviders,
  paymentProviderNotFound,
  removePaymentProvider,
  testPaymentProvider,
  type CredentialsCheck,
  type PaymentProviderRecord,
} from '../../../services/payments/providers';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { findSchemaViolations } from '../../validation/validator';
import { presentConnectionTest, presentPaymentProvider } from './presenter';
import {
  ConnectionTestResultSchema,
  CREDENTIALS_SCHEMAS,
  CreatePaymentProviderBodySchema,
  PaymentProviderListSchema,
  PaymentProviderSchema,
  UpdatePaymentProviderBodySchema,
} from './schema';

const TAGS = ['Payment providers'];
const READ = { kind: 'apiKey', scope: 'payment_providers:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'payment_providers:write' } as const;

const notFoundResponse = {
  404: { description: '`payment_provider_not_found`: unknown id, or another tenant’s', schema: ErrorBodySchema },
};
const found = (record: PaymentProviderRecord | undefined, id: string): PaymentProviderRecord => {
  if (record === undefined) throw paymentProviderNotFound(id);
  return record;
};

/** PATCHed credentials, merged with the stored ones, must satisfy the provider's closed schema. */
const checkCredentials: CredentialsCheck = (provider, credentials) =>
  findSchemaViolations(CREDENTIALS_SCHEMAS[provider], credentials, 'body.credentials');

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
      handler: async ({ body, ctx }) =>
        presentPaymentProvider(await configurePaymentProvider({ sql: callerTenantSql(ctx, orm), config }, body)),
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
        const { records, total } = await listPaymentProviders(callerTenantSql(ctx, orm), window);
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
        presentPaymentProvider(found(await findPaymentProvider(callerTenantSql(ctx, orm), params.id), params.id)),
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
        const deps = { sql: callerTenantSql(ctx, orm), config, checkCredentials };
        return presentPaymentProvider(await changePaymentProvider(deps, { id: params.id, change: body }));
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
        409: { description: '`payment_provider_in_use`: PENDING payments or refunds need it', schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const request = { id: params.id, pendingWork: servicePorts.providerPendingWork };
        return presentPaymentProvider(await removePaymentProvider(callerTenantSql(ctx, orm), request));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/payment-providers/:id/test',
      operationId: 'testPaymentProvider',
      summary: 'Test the connection with the stored credentials',
      description:
        'Calls the provider’s cheapest authenticated endpoint (10 s timeout). 200 with the provider, `ok: true` and ' +
        '`checkedAt` when it accepts the stored credentials; 502 `payment_provider_error` with the provider’s own ' +
        'refusal (its HTTP status in the message) or why it could not be reached.',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The provider, its credentials accepted', schema: ConnectionTestResultSchema },
        502: {
          description: '`payment_provider_error`: the provider refused the credentials or could not be reached',
          schema: ErrorBodySchema,
        },
        409: {
          description: '`payment_provider_credentials_unreadable`: ENCRYPTION_KEY changed; send them again',
          schema: ErrorBodySchema,
        },
        ...notFoundResponse,
      },
      handler: async ({ params, ctx }) => {
        const testDeps = { sql: callerTenantSql(ctx, orm), config, clock: deps.clock };
        return presentConnectionTest(await testPaymentProvider(testDeps, params.id));
      },
    }),
  ];
}
