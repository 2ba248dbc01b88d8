import {
  changeTenant,
  findTenantDetails,
  rotateWebhookSigningSecret,
  tenantNotFound,
  testTenantSmtp,
  type TenantDetails,
} from '../../../services/platform/tenants';
import { countTenantUsage } from '../../../services/platform/tenants';
import type { AppDeps } from '../../app-deps';
import { servicePorts } from '../../service-ports';
import { authOf } from '../../auth/auth-context';
import { ErrorBodySchema } from '../../http/error-body.schema';
import { defineRoute, type RouteDefinition } from '../../routing/route-definition';
import { presentTenantDetails } from './presenter';
import {
  SmtpTestBodySchema,
  SmtpTestResultSchema,
  TenantDetailsSchema,
  TenantUsageSchema,
  UpdateTenantBodySchema,
} from './schema';

const TAGS = ['Tenants'];

// The JWT guard has just found the tenant active; it can only be missing if it was deleted in between.
const found = (tenant: TenantDetails | undefined): TenantDetails => {
  if (tenant === undefined) throw tenantNotFound();
  return tenant;
};

/** The tenant's own profile, settings, usage, SMTP test and webhook secret (SPEC §4.2, CONTRACT §6). */
export function tenantRoutes(deps: AppDeps): RouteDefinition[] {
  const { orm, config } = deps;
  return [
    defineRoute({
      method: 'get',
      path: '/tenants/me',
      operationId: 'getTenant',
      summary: 'The current tenant: profile, webhook target and secret, SMTP settings, billing settings',
      tags: TAGS,
      auth: { kind: 'jwt' },
      responses: { 200: { description: 'The tenant', schema: TenantDetailsSchema } },
      handler: async ({ ctx }) => presentTenantDetails(found(await findTenantDetails(orm, authOf(ctx).tenantId))),
    }),
    defineRoute({
      method: 'patch',
      path: '/tenants/me',
      operationId: 'updateTenant',
      summary: 'Update the profile, webhook URL, SMTP settings or billing settings',
      description:
        'Only the properties sent change; `settings` are merged key by key. A webhook URL or SMTP host that resolves ' +
        'to a loopback, private, link-local or metadata address is refused (400) unless the operator allows it. ' +
        'A new SMTP host or user needs the password again (or `password: null`): a stored password never follows ' +
        'a change of server. `smtp` is replaced whole, and a password (sent, or kept) needs a `user`.',
      tags: TAGS,
      auth: { kind: 'jwt' },
      body: UpdateTenantBodySchema,
      responses: { 200: { description: 'The updated tenant', schema: TenantDetailsSchema } },
      handler: async ({ body, ctx }) =>
        presentTenantDetails(await changeTenant({ orm, tenantId: authOf(ctx).tenantId, request: body, config })),
    }),
    defineRoute({
      method: 'get',
      path: '/tenants/me/usage',
      operationId: 'getTenantUsage',
      summary: 'Usage statistics: customers, subscriptions by status, invoices, active API keys, requests this month',
      tags: TAGS,
      auth: { kind: 'jwt' },
      responses: { 200: { description: 'Current counts', schema: TenantUsageSchema } },
      handler: ({ ctx }) =>
        countTenantUsage(orm, {
          tenantId: authOf(ctx).tenantId,
          now: deps.clock.now(),
          requestCounts: deps.requestCounts,
          records: servicePorts.tenantRecordCounts,
        }),
    }),
    defineRoute({
      method: 'post',
      path: '/tenants/me/smtp/test',
      operationId: 'testTenantSmtp',
      summary: 'Send a test message through the tenant’s SMTP settings',
      tags: TAGS,
      auth: { kind: 'jwt' },
      body: SmtpTestBodySchema,
      responses: {
        200: { description: 'The server accepted the message', schema: SmtpTestResultSchema },
        400: {
          description:
            '`smtp_failed` (the server’s error: connection, login, recipient; ' +
            'or a server that offers no STARTTLS when a password would be sent without TLS), ' +
            '`smtp_not_configured` (no SMTP settings yet: set them with PATCH /tenants/me), or `validation_failed`',
          schema: ErrorBodySchema,
        },
      },
      handler: async ({ body, ctx }) => {
        const message = await testTenantSmtp({ orm, tenantId: authOf(ctx).tenantId, to: body.to, config });
        return { message, accepted: true as const };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/tenants/me/webhook-secret/rotate',
      operationId: 'rotateWebhookSecret',
      summary: 'Replace the webhook signing secret; the previous one keeps signing for 24 hours',
      description:
        'Outbound webhooks carry signatures with both secrets for 24 hours after a rotation, so a receiver can switch ' +
        'without losing events. Rotating again within that window retires the older secret at once.',
      tags: TAGS,
      auth: { kind: 'jwt' },
      responses: {
        200: { description: 'The tenant with its new `webhookSigningSecret`', schema: TenantDetailsSchema },
      },
      handler: async ({ ctx }) =>
        presentTenantDetails(found(await rotateWebhookSigningSecret(orm, authOf(ctx).tenantId))),
    }),
  ];
}
