import type { TSchema } from '@sinclair/typebox';
import type { Context } from 'koa';
import { listSubscriptions } from '../../../services/billing/subscriptions';
import {
  customerDeletionValue,
  customerNotFound,
  findCustomer,
  insertCustomer,
  listCustomers,
  softDeleteCustomer,
  updateCustomer,
  type CustomerRecord,
  type CustomerSql,
} from '../../../services/catalog/customers';
import type { Orm } from '../../../infra/db/orm';
import type { TenantSql } from '../../../infra/db/tenant-sql';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { PaginationQuerySchema, pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { idFromPath, IdParamsSchema, requireCountry, requireCurrency } from '../../schemas/common';
import { listInvoices } from '../../../services/billing/invoices';
import { listPayments } from '../../../services/payments/records';
import { readPaymentDetails } from '../../../services/payments/refunds';
import { presentInvoice } from '../invoices/presenter';
import { presentPayments } from '../payments/presenter';
import { presentSubscription } from '../subscriptions/presenter';
import { SubscriptionSchema } from '../subscriptions/schema';
import { listEnvelopeSchema } from '../../lists/pagination';
import { customerChangesOf, customerValuesOf } from './customer-input';
import { presentCustomer } from './presenter';
import {
  CreateCustomerBodySchema,
  CustomerInvoiceListSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  CustomerPaymentListSchema,
  CustomerSchema,
  UpdateCustomerBodySchema,
} from './schema';
import { businessTime } from '../../../services/test-clocks/business-time';

const TAGS = ['Customers'];
const READ = { kind: 'apiKey', scope: 'customers:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'customers:write' } as const;

const NOT_FOUND = {
  description: '`customer_not_found`: unknown, deleted, or another tenant’s',
  schema: ErrorBodySchema,
};

async function requireCustomer(sql: CustomerSql, id: string): Promise<CustomerRecord> {
  const customer = await findCustomer(sql, idFromPath('customer', id, customerNotFound));
  if (customer === undefined) throw customerNotFound(id);
  return customer;
}

/** Customers: CRUD, search and filters, and their subscriptions, invoices and payments (SPEC §4.3). */
// Here rather than in ./schema: the subscription schema embeds the customer's, which would make the two modules a cycle.
const CustomerSubscriptionListSchema = listEnvelopeSchema('CustomerSubscriptionList', SubscriptionSchema);

export function customerRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, clock } = deps;
  const sqlOf = (ctx: Context) => callerTenantSql(ctx, orm);
  return [
    defineRoute({
      method: 'post',
      path: '/customers',
      operationId: 'createCustomer',
      summary: 'Create a customer',
      description:
        'Currency and country are checked against ISO 4217 and ISO 3166-1 and stored upper case. A customer created ' +
        'with `testClockId` lives on that test clock’s time (its `createdAt` too), for good: see the test clocks guide.',
      tags: TAGS,
      auth: WRITE,
      body: CreateCustomerBodySchema,
      responses: {
        201: { description: 'The new customer', schema: CustomerSchema },
        404: {
          description: '`test_clock_not_found`: `testClockId` is unknown or another tenant’s',
          schema: ErrorBodySchema,
        },
        409: {
          description:
            '`customer_external_id_taken`: another customer not deleted has this externalId; ' +
            '`test_clock_customer_limit`: the test clock has 100 customers already',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ body, ctx }) => {
        const options = { now: clock.now(), testClockId: body.testClockId ?? undefined };
        return presentCustomer(await insertCustomer(sqlOf(ctx), customerValuesOf(body), options));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers',
      operationId: 'listCustomers',
      summary: 'List customers not deleted, newest first; search and filter',
      tags: TAGS,
      auth: READ,
      query: CustomerListQuerySchema,
      responses: { 200: { description: 'A page of customers', schema: CustomerListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filter = {
          ...(query.search === undefined ? {} : { search: query.search }),
          ...(query.country === undefined ? {} : { country: requireCountry(query.country, 'query.country') }),
          ...(query.currency === undefined ? {} : { currency: requireCurrency(query.currency, 'query.currency') }),
          ...(query.testClockId === undefined ? {} : { testClockId: query.testClockId }),
        };
        const { records, total } = await listCustomers(sqlOf(ctx), filter, window);
        return toListEnvelope(records.map(presentCustomer), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/customers/:id',
      operationId: 'getCustomer',
      summary: 'Get a customer',
      tags: TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The customer', schema: CustomerSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => presentCustomer(await requireCustomer(sqlOf(ctx), params.id)),
    }),
    defineRoute({
      method: 'patch',
      path: '/customers/:id',
      operationId: 'updateCustomer',
      summary: 'Update some of a customer’s properties',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: UpdateCustomerBodySchema,
      responses: {
        200: { description: 'The updated customer', schema: CustomerSchema },
        404: NOT_FOUND,
        409: {
          description:
            '`customer_external_id_taken`: another customer not deleted has this externalId; ' +
            '`customer_currency_locked`: a new currency while a live subscription or an active wallet bills the ' +
            'customer in its current one',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ params, body, ctx }) => {
        const changes = customerChangesOf(body);
        const id = idFromPath('customer', params.id, customerNotFound);
        const sql = sqlOf(ctx);
        const now = await businessTime(clock).ofCustomer(sql, id);
        const { customerSubscriptions: subscriptions, customerWallets: wallets } = servicePorts;
        const updated = await updateCustomer(sql, { id, changes, now, subscriptions, wallets });
        if (updated === undefined) throw customerNotFound(params.id);
        return presentCustomer(updated);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/customers/:id',
      operationId: 'deleteCustomer',
      summary: 'Delete a customer (soft): hidden from now on, its invoices and payments remain',
      description:
        'Refused while the customer has a TRIALING, ACTIVE, PAUSED or PAST_DUE subscription. Its ACTIVE wallet is ' +
        'terminated: the remaining credits are voided (source TERMINATION).',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The deleted customer', schema: CustomerSchema },
        404: NOT_FOUND,
        409: { description: '`customer_has_active_subscriptions`', schema: ErrorBodySchema },
      },
      handler: async ({ params, ctx }) => {
        const id = idFromPath('customer', params.id, customerNotFound);
        const sql = sqlOf(ctx);
        const { customerSubscriptions: subscriptions, customerWallets: wallets } = servicePorts;
        const now = await businessTime(clock).ofCustomer(sql, id);
        const deleted = await softDeleteCustomer(sql, { id, now, subscriptions, wallets });
        return presentCustomer(customerDeletionValue(deleted, params.id));
      },
    }),
    relationRoute(orm, {
      relation: 'subscriptions',
      operationId: 'listCustomerSubscriptions',
      schema: CustomerSubscriptionListSchema,
      list: async (sql, customerId, window) => {
        const { records, total } = await listSubscriptions(sql, { customerId }, window);
        return { records: records.map(presentSubscription), total };
      },
    }),
    relationRoute(orm, {
      relation: 'invoices',
      operationId: 'listCustomerInvoices',
      schema: CustomerInvoiceListSchema,
      list: async (sql, customerId, window) => {
        const { records, total } = await listInvoices(sql, { filter: { customerId }, ...window });
        return { records: records.map(presentInvoice), total };
      },
    }),
    relationRoute(orm, {
      relation: 'payments',
      operationId: 'listCustomerPayments',
      schema: CustomerPaymentListSchema,
      list: async (sql, customerId, window) => {
        const { records, total } = await listPayments(sql, { filter: { customerId }, ...window });
        const details = await readPaymentDetails(
          sql,
          records.map((payment) => payment.id),
          deps.clock.now(),
        );
        return { records: presentPayments(records, details), total };
      },
    }),
  ];
}

type RelationLister = (
  sql: TenantSql,
  customerId: string,
  window: { limit: number; offset: number },
) => Promise<{ records: unknown[]; total: number }>;

function relationRoute(
  orm: Orm,
  options: {
    relation: 'subscriptions' | 'invoices' | 'payments';
    operationId: string;
    schema: TSchema;
    /** The full records of the relation, as the relation's own routes present them. */
    list: RelationLister;
  },
): RouteDefinition {
  const { relation } = options;
  return defineRoute({
    method: 'get',
    path: `/customers/:id/${relation}`,
    operationId: options.operationId,
    summary: `List a customer’s ${relation}, newest first`,
    description: `The full ${relation} records, as their own routes return them.`,
    tags: TAGS,
    // The records are the relation's: reading them needs its scope too, or customers:read would read invoices.
    auth: { kind: 'apiKey', scope: ['customers:read', `${relation}:read`] },
    params: IdParamsSchema,
    query: PaginationQuerySchema,
    responses: { 200: { description: `A page of ${relation}`, schema: options.schema }, 404: NOT_FOUND },
    handler: async ({ params, query, ctx }) => {
      const sql = callerTenantSql(ctx, orm);
      await requireCustomer(sql, params.id);
      const window = pageWindow(query);
      const { records, total } = await options.list(sql, params.id, window);
      return toListEnvelope(records, total, window);
    },
  });
}
