import type { Context, Middleware } from 'koa';
import { countingBusinessEvents } from '../../infra/metrics';
import type { ApiMetrics } from '../metrics/api-metrics';
import { methodLabelOf, routeLabelOf } from '../metrics/route-label';

const RATE_LIMITED = 429;
const INTERNAL_ERROR = 500;

/**
 * Outermost: counts and times every answer with its final status (errors included, as the error handler wrote
 * them), and runs the request under the app's business counters (usage ingested, invoices finalized, payments).
 * Rate-limit refusals are the 429s (only limits answer 429); replays carry `Idempotent-Replayed`.
 */
export function requestMetrics(metrics: ApiMetrics): Middleware {
  return async (ctx, next) => {
    const stopTimer = metrics.requestDuration.startTimer();
    let escaped = false;
    try {
      await countingBusinessEvents(metrics.business, next);
    } catch (error) {
      // Nothing should pass the error handler; what does, Koa answers 500.
      escaped = true;
      throw error;
    } finally {
      observe(metrics, ctx, { status: escaped ? INTERNAL_ERROR : ctx.status, stopTimer });
    }
  };
}

function observe(
  metrics: ApiMetrics,
  ctx: Context,
  answer: { status: number; stopTimer: (labels: Record<string, string>) => number },
): void {
  const route = routeLabelOf(ctx);
  const labels = { method: methodLabelOf(ctx), route, status: String(answer.status) };
  answer.stopTimer(labels);
  metrics.requests.inc(labels);
  if (answer.status === RATE_LIMITED) metrics.rateLimitRefusals.inc({ route });
  if (ctx.response.get('Idempotent-Replayed') === 'true') metrics.idempotentReplays.inc({ route });
}
