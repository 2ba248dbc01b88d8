import {
  addOnError,
  addOnValue,
  createAddOn,
  deleteAddOn,
  findAddOn,
  listAddOns,
  updateAddOn,
} from '../../../services/catalog/add-ons';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { toAddOnChange, toNewAddOn } from './add-on-input';
import { appliedAddOnRoutes } from './applied-router';
import { presentAddOn } from './presenter';
import {
  AddOnListQuerySchema,
  AddOnListSchema,
  AddOnSchema,
  CreateAddOnBodySchema,
  UpdateAddOnBodySchema,
} from './schema';

export const ADD_ON_TAGS = ['Add-ons'];
const READ = { kind: 'apiKey', scope: 'add_ons:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'add_ons:write' } as const;
const error = (description: string) => ({ description, schema: ErrorBodySchema });
const NOT_FOUND = error('`add_on_not_found`: unknown, deleted, or another tenant’s');

/**
 * Add-ons with per-currency prices and their application to customers (SPEC §4.9). The applied routes come first:
 * routes match in registration order, and `/add-ons/applied/...` must never be read as an add-on id.
 */
export function addOnRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  return [
    ...appliedAddOnRoutes(deps),
    defineRoute({
      method: 'post',
      path: '/add-ons',
      operationId: 'createAddOn',
      summary: 'Create an add-on, optionally with its prices (one per currency)',
      tags: ADD_ON_TAGS,
      auth: WRITE,
      body: CreateAddOnBodySchema,
      responses: {
        201: { description: 'The add-on', schema: AddOnSchema },
        400: error('`validation_failed`: also a currency twice, or an amount with too many decimals for its currency'),
        409: error('`add_on_code_taken`'),
      },
      handler: async ({ body, ctx }) => {
        const created = await createAddOn(callerTenantSql(ctx, orm), toNewAddOn(body));
        return presentAddOn(addOnValue(created, body.code));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/add-ons',
      operationId: 'listAddOns',
      summary: 'List add-ons, newest first',
      tags: ADD_ON_TAGS,
      auth: READ,
      query: AddOnListQuerySchema,
      responses: { 200: { description: 'A page of add-ons', schema: AddOnListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const { records, total } = await listAddOns(callerTenantSql(ctx, orm), window);
        return toListEnvelope(records.map(presentAddOn), total, window);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/add-ons/:id',
      operationId: 'getAddOn',
      summary: 'One add-on with its prices',
      tags: ADD_ON_TAGS,
      auth: READ,
      params: IdParamsSchema,
      responses: { 200: { description: 'The add-on', schema: AddOnSchema }, 404: NOT_FOUND },
      handler: async ({ params, ctx }) => {
        const addOn = await findAddOn(callerTenantSql(ctx, orm), { id: params.id });
        if (addOn === undefined) throw addOnError('add_on_not_found', params.id);
        return presentAddOn(addOn);
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/add-ons/:id',
      operationId: 'updateAddOn',
      summary: 'Update an add-on; `prices` replaces the whole price list; code is immutable',
      description: 'Applied add-ons keep the amount they were applied with.',
      tags: ADD_ON_TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      body: UpdateAddOnBodySchema,
      responses: {
        200: { description: 'The updated add-on', schema: AddOnSchema },
        400: error('`validation_failed`, e.g. `body.code is immutable once the add-on exists`'),
        404: NOT_FOUND,
      },
      handler: async ({ params, body, ctx }) => {
        const addOn = await updateAddOn(callerTenantSql(ctx, orm), params.id, toAddOnChange(body));
        if (addOn === undefined) throw addOnError('add_on_not_found', params.id);
        return presentAddOn(addOn);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/add-ons/:id',
      operationId: 'deleteAddOn',
      summary: 'Delete an add-on, unless it has PENDING applied add-ons',
      description:
        'A soft delete: the add-on disappears from reads and its code is free again; applied add-ons (INVOICED, ' +
        'REMOVED) keep naming it. Remove its PENDING applied add-ons first (409 `add_on_in_use`).',
      tags: ADD_ON_TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The deleted add-on', schema: AddOnSchema },
        404: NOT_FOUND,
        409: error('`add_on_in_use`'),
      },
      handler: async ({ params, ctx }) =>
        presentAddOn(addOnValue(await deleteAddOn(callerTenantSql(ctx, orm), params.id), params.id)),
    }),
  ];
}
