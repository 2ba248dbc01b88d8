import { addOnValue, applyAddOn, listAppliedAddOns, removeAppliedAddOn } from '../../../services/catalog/add-ons';
import type { AppDeps } from '../../app-deps';
import { callerTenantSql } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { pageWindow, toListEnvelope } from '../../lists/pagination';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { IdParamsSchema } from '../../schemas/common';
import { businessTime } from '../../../services/test-clocks/business-time';
import { toAddOnApplication } from './add-on-input';
import {
  AppliedAddOnListQuerySchema,
  AppliedAddOnListSchema,
  AppliedAddOnSchema,
  ApplyAddOnBodySchema,
} from './applied-schema';
import { presentAppliedAddOn } from './presenter';

const TAGS = ['Add-ons'];
const READ = { kind: 'apiKey', scope: 'add_ons:read' } as const;
const WRITE = { kind: 'apiKey', scope: 'add_ons:write' } as const;
const error = (description: string) => ({ description, schema: ErrorBodySchema });

/** Add-ons applied to customers: billed in the customer's currency on its next invoice (issue 5). */
export function appliedAddOnRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm } = deps;
  // A customer on a test clock has its add-ons applied and removed at the clock's time.
  const time = businessTime(deps.clock);
  return [
    defineRoute({
      method: 'post',
      path: '/add-ons/apply',
      operationId: 'applyAddOn',
      summary: 'Apply an add-on to a customer',
      description:
        'The amount defaults to the add-on’s price in the customer’s currency; an explicit amount is read in the ' +
        'customer’s currency and its decimals. Amount and currency are fixed from then on. A `currency` other than ' +
        'the customer’s is a 400 naming it.',
      tags: TAGS,
      auth: WRITE,
      body: ApplyAddOnBodySchema,
      responses: {
        201: { description: 'The applied add-on, PENDING', schema: AppliedAddOnSchema },
        400: error('`validation_failed` (e.g. too many decimals for the customer’s currency, an unknown currency)'),
        409: error(
          '`add_on_price_missing`: no price in the customer’s currency and no amount; `currency_mismatch`: a currency ' +
            'other than the customer’s',
        ),
        404: error('`add_on_not_found` or `customer_not_found`: unknown, deleted, or another tenant’s'),
      },
      handler: async ({ body, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const applied = await applyAddOn(sql, toAddOnApplication(body, await time.ofCustomer(sql, body.customerId)));
        return presentAppliedAddOn(
          addOnValue(applied, (failure) =>
            failure === 'add_on_not_found' ? (body.addOnId ?? body.addOnCode ?? '') : body.customerId,
          ),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/add-ons/applied/list',
      operationId: 'listAppliedAddOns',
      summary: 'List applied add-ons of every status, newest first',
      tags: TAGS,
      auth: READ,
      query: AppliedAddOnListQuerySchema,
      responses: { 200: { description: 'A page of applied add-ons', schema: AppliedAddOnListSchema } },
      handler: async ({ query, ctx }) => {
        const window = pageWindow(query);
        const filter = {
          ...window,
          ...(query.customerId === undefined ? {} : { customerId: query.customerId }),
          ...(query.status === undefined ? {} : { status: query.status }),
        };
        const { records, total } = await listAppliedAddOns(callerTenantSql(ctx, orm), filter);
        return toListEnvelope(records.map(presentAppliedAddOn), total, window);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/add-ons/applied/:id',
      operationId: 'removeAppliedAddOn',
      summary: 'Remove a PENDING applied add-on: it stays listed with status REMOVED and is never billed',
      tags: TAGS,
      auth: WRITE,
      params: IdParamsSchema,
      responses: {
        200: { description: 'The applied add-on, REMOVED', schema: AppliedAddOnSchema },
        404: error('`applied_add_on_not_found`: unknown, or another tenant’s'),
        409: error('`applied_add_on_invoiced` (credit the invoice instead), or `applied_add_on_removed` (twice)'),
      },
      handler: async ({ params, ctx }) => {
        const sql = callerTenantSql(ctx, orm);
        const removal = { appliedAddOnId: params.id, now: await time.ofAppliedAddOn(sql, params.id) };
        return presentAppliedAddOn(addOnValue(await removeAppliedAddOn(sql, removal), params.id));
      },
    }),
  ];
}
