import type { Middleware } from 'koa';
import {
  EXPOSITION_CONTENT_TYPE,
  expositionOf,
  isScrapeAuthorized,
  processMetricsRegistry,
  SCRAPE_CHALLENGE,
} from '../../infra/metrics';
import { HttpError } from '../http/http-error';
import { METRICS_PATH, type ApiMetrics } from '../metrics/api-metrics';

/**
 * `GET /metrics`: the app's series and the process's, in Prometheus' text format. With a token configured, only a
 * scrape presenting it as a Bearer token reads them (401 otherwise, in the API's error body).
 */
export function metricsEndpoint(metrics: ApiMetrics, options: { token: string | null }): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== METRICS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    if (!isScrapeAuthorized(ctx.get('Authorization') || undefined, options.token)) {
      throw new HttpError('unauthenticated', 'invalid_credentials', 'A valid metrics token is required', {
        headers: { 'WWW-Authenticate': SCRAPE_CHALLENGE },
      });
    }
    ctx.type = EXPOSITION_CONTENT_TYPE;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await expositionOf([metrics.registry, processMetricsRegistry()]);
  };
}
