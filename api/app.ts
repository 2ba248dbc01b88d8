import Koa from 'koa';
import { Router } from '@koa/router';
import type { AppDeps } from './app-deps';
import { guardsFor } from './auth/guards';
import { notFound } from '../services/platform/errors';
import { rateLimiting, type RateLimiting } from './middleware/rate-limit';
import { errorHandler } from './middleware/error-handler';
import { jsonBody, MIB } from './middleware/json-body';
import { methodNotAllowed } from './middleware/method-not-allowed';
import { metricsEndpoint } from './middleware/metrics-endpoint';
import { requestMetrics } from './middleware/request-metrics';
import { createApiMetrics } from './metrics/api-metrics';
import { requestId } from './middleware/request-id';
import { traceRoute } from './middleware/trace-route';
import { requestLog } from './middleware/request-log';
import { standingListening } from './middleware/standing-listening';
import { walletWakeListening } from './middleware/wallet-wake-listening';
import { buildOpenApiDocument, type RouteGroup } from './openapi/build-document';
import { healthRoute } from './routes/health/router';
import { apiKeyRoutes } from './routes/api-keys/router';
import { addOnRoutes } from './routes/add-ons/router';
import { authRoutes } from './routes/auth/router';
import { billableMetricRoutes } from './routes/billable-metrics/router';
import { chargeRoutes } from './routes/charges/router';
import { checkoutRoutes } from './routes/checkout/router';
import { couponRoutes } from './routes/coupons/router';
import { walletRoutes } from './routes/wallets/router';
import { creditNoteRoutes } from './routes/credit-notes/router';
import { customerRoutes } from './routes/customers/router';
import { eventRoutes } from './routes/events/router';
import { invoiceRoutes } from './routes/invoices/router';
import { invoicePdfRoutes } from './routes/invoices/pdf-route';
import { creditNotePdfRoutes } from './routes/credit-notes/pdf-route';
import { paymentRoutes } from './routes/payments/router';
import { analyticsRoutes } from './routes/analytics/router';
import { paymentProviderRoutes } from './routes/payment-providers/router';
import { planRoutes } from './routes/plans/router';
import { portalPage } from './portal-page/portal-page';
import { portalRoutes } from './routes/portal/router';
import { sandboxProvider } from './sandbox/sandbox-middleware';
import { providerWebhookRoutes } from './routes/provider-webhooks/router';
import { subscriptionRoutes } from './routes/subscriptions/router';
import { docsAssets } from './routes/reference/docs-assets';
import { referenceRoutes } from './routes/reference/router';
import { tenantRoutes } from './routes/tenants/router';
import { testClockRoutes } from './routes/test-clocks/router';
import { OUTBOUND_WEBHOOKS, WEBHOOK_PAYLOAD_SCHEMAS } from './routes/webhook-events/payload-schemas';
import { webhookEventRoutes } from './routes/webhook-events/router';
import { mountRoutes } from './routing/mount-routes';
import { idempotentReplies } from './routing/idempotent-replies';
import { idempotencyKeys } from '../services/platform/idempotency';

/** SPEC's `{base_url}`: every API route lives under it; `/health` for load balancers sits outside. */
export const API_BASE_PATH = '/api';

export type { AppDeps } from './app-deps';

export interface Routing {
  /** Serves `/health` for load balancers, outside the API prefix. */
  root: Router;
  /** Serves everything under `/api`. */
  api: Router;
  document: object;
}

/**
 * Declares every route once; the same declarations are mounted on the routers and described in OpenAPI. `limiting`
 * is the app's limiter when the app also limits what no route answers.
 */
export function buildRouting(deps: AppDeps, limiting: RateLimiting = rateLimiting(deps)): Routing {
  let document: object = {};
  const groups: RouteGroup[] = [
    { basePath: '', routes: [healthRoute(deps.healthChecks, 'getHealth')] },
    {
      basePath: API_BASE_PATH,
      routes: [
        healthRoute(deps.healthChecks, 'getApiHealth'),
        ...referenceRoutes(() => document),
        ...authRoutes(deps),
        ...tenantRoutes(deps),
        ...apiKeyRoutes(deps),
        ...webhookEventRoutes(deps),
        ...testClockRoutes(deps),
        ...customerRoutes(deps),
        ...planRoutes(deps),
        ...billableMetricRoutes(deps),
        ...chargeRoutes(deps),
        ...paymentProviderRoutes(deps),
        ...couponRoutes(deps),
        ...walletRoutes(deps),
        ...addOnRoutes(deps),
        ...subscriptionRoutes(deps),
        ...eventRoutes(deps),
        ...creditNoteRoutes(deps),
        ...creditNotePdfRoutes(deps),
        ...invoiceRoutes(deps),
        ...invoicePdfRoutes(deps),
        ...checkoutRoutes(deps),
        ...paymentRoutes(deps),
        ...analyticsRoutes(deps),
        ...portalRoutes(deps),
        ...providerWebhookRoutes(deps),
      ],
    },
  ];
  document = buildOpenApiDocument(groups, {
    version: deps.version,
    extraSchemas: WEBHOOK_PAYLOAD_SCHEMAS,
    webhooks: OUTBOUND_WEBHOOKS,
  });
  const root = new Router();
  const api = new Router({ prefix: API_BASE_PATH });
  const options = {
    validateResponses: deps.config.nodeEnv !== 'production',
    idempotency: idempotentReplies(idempotencyKeys(deps.orm), deps.logger),
    guardsFor: guardsFor({
      orm: deps.orm,
      jwtSecret: deps.config.jwtSecret,
      apiKeyAuthenticator: deps.apiKeyAuthenticator,
      rateLimitFor: limiting.rateLimitFor,
      failedAuthenticationLimit: limiting.failedAuthenticationLimit,
    }),
  };
  for (const group of groups) mountRoutes(group.basePath === '' ? root : api, group.routes, options);
  return { root, api, document };
}

const BATCH_EVENTS_PATH = `${API_BASE_PATH}/events/batch`;

export function createApp(deps: AppDeps): Koa {
  const app = new Koa();
  // Behind n proxies the client is the n-th X-Forwarded-For entry from the right (Koa keeps the last n entries and
  // takes the first of them); anything left of it was written by the client.
  app.proxy = deps.config.trustedProxyCount > 0;
  app.maxIpsCount = deps.config.trustedProxyCount;
  const limiting = rateLimiting(deps);
  const { root, api } = buildRouting(deps, limiting);
  const metrics = createApiMetrics();
  app.use(requestMetrics(metrics));
  app.use(requestId());
  app.use(traceRoute());
  app.use(requestLog(deps.logger));
  app.use(errorHandler(deps.logger));
  // Before every limiter: scrapes are the operator's, not a client's, and must not spend a client IP's budget.
  app.use(metricsEndpoint(metrics, { token: deps.config.metrics.token }));
  app.use(docsAssets());
  // Around everything that can answer before a route's own limiter (body checks, 404, 405, OPTIONS), so those
  // answers are counted per client IP and carry RateLimit-* headers too (CONTRACT §6).
  app.use(limiting.unroutedRequestLimit);
  // The hosted portal page: HTML and its own forms (not JSON), counted per client IP by the limit above.
  app.use(portalPage(deps));
  // The SANDBOX payment provider's API and checkout page (HTML forms and its own JSON), counted like the portal.
  app.use(sandboxProvider(deps));
  app.use(jsonBody({ limitFor: (path) => (path === BATCH_EVENTS_PATH ? 5 * MIB : MIB) }));
  app.use(methodNotAllowed([root, api]));
  app.use(standingListening(deps));
  app.use(walletWakeListening(deps));
  // Decided on the way back up, after the routers' allowedMethods had their chance to answer OPTIONS.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw notFound('route_not_found', `No route for ${ctx.method} ${ctx.path}`);
    }
  });
  for (const router of [root, api]) {
    app.use(router.routes());
    app.use(router.allowedMethods({ throw: true }));
  }
  // Errors are answered and logged by errorHandler; Koa's default handler would print them to stderr again.
  app.silent = true;
  return app;
}
