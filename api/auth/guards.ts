import type { RouterMiddleware } from '@koa/router';
import type { Orm } from '../../infra/db/orm';
import type { ApiKeyAuthenticator } from '../../services/platform/api-keys';
import { requiredScopesOf, type RouteDefinition } from '../routing/route-definition';
import { apiKeyGuard, scopeGuard } from './api-key-guard';
import { jwtGuard } from './jwt-guard';

export interface GuardDeps {
  orm: Orm;
  jwtSecret: string;
  /** The process's API-key authentication and its cache (one per process, shared by every route). */
  apiKeyAuthenticator: ApiKeyAuthenticator;
  /** Rate limiting for a route, run after authentication (it needs the tenant) and before the scope check. */
  rateLimitFor: (route: RouteDefinition) => RouterMiddleware[];
  /**
   * Around authentication on JWT and API-key routes: counts a request refused with 401 against its client IP
   * (api/middleware/rate-limit.ts). Absent: failed authentications are not limited (tests of other guards).
   */
  failedAuthenticationLimit?: RouterMiddleware;
}

/**
 * The one middleware chain in front of every handler, chosen from the route's declaration:
 * (limit failed authentications per IP) → authenticate (none, JWT or API key) → rate limit → authorise (every scope
 * it names).
 */
export function guardsFor(deps: GuardDeps): (route: RouteDefinition) => RouterMiddleware[] {
  return (route) => {
    const rateLimit = deps.rateLimitFor(route);
    const failedAuthentication = deps.failedAuthenticationLimit === undefined ? [] : [deps.failedAuthenticationLimit];
    switch (route.auth.kind) {
      case 'none':
        return rateLimit;
      case 'jwt':
        return [...failedAuthentication, ...jwtGuard(deps), ...rateLimit];
      case 'apiKey':
        return [...failedAuthentication, apiKeyGuard(deps), ...rateLimit, scopeGuard(requiredScopesOf(route.auth))];
    }
  };
}
