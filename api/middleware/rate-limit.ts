import type { RouterMiddleware } from '@koa/router';
import type { AppDeps } from '../app-deps';
import type { RouteDefinition } from '../routing/route-definition';

/** Rate limiting per route (CONTRACT §6), run after authentication. */
export function rateLimitGuards(_deps: AppDeps): (route: RouteDefinition) => RouterMiddleware[] {
  return () => [];
}
