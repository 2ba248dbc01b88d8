import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { runHealthChecks, type HealthCheck } from './health-check';
import { HealthSchema } from './schema';

/** `GET /health` for load balancers and `GET /api/health` (CONTRACT §1), both probing PostgreSQL and Temporal. */
export function healthRoute(checks: readonly HealthCheck[], operationId: string): RouteDefinition {
  return defineRoute({
    method: 'get',
    path: '/health',
    operationId,
    summary: 'Service health: PostgreSQL and Temporal reachability',
    tags: ['Health'],
    auth: { kind: 'none' },
    responses: {
      200: { description: 'Every dependency answers', schema: HealthSchema },
      503: { description: 'A dependency is down; `message` and `checks` name it', schema: HealthSchema },
    },
    handler: async ({ ctx }) => {
      const health = await runHealthChecks(checks);
      ctx.set('Cache-Control', 'no-store');
      return new Reply(health.status === 'ok' ? 200 : 503, health);
    },
  });
}
