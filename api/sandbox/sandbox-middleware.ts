import { Router } from '@koa/router';
import type { Middleware } from 'koa';
import type { AppDeps } from '../app-deps';
import { AppError } from '../../services/platform/errors';
import { sandboxApiRoutes } from './sandbox-api';
import { sandboxPageRoutes } from './checkout-page';

const SANDBOX_PATH = '/sandbox';

/**
 * The SANDBOX payment provider, served by the API process itself under `/sandbox` (outside `/api`): its API for the
 * SANDBOX gateway (`/sandbox/v1/...`) and its hosted checkout page (`/sandbox/checkout/:id`). Mounted before the API's
 * JSON body parser: the page reads forms and the API its own small JSON bodies.
 */
export function sandboxProvider(app: AppDeps): Middleware {
  const deps = {
    orm: app.orm,
    clock: app.clock,
    logger: app.logger,
    config: app.config,
    secureCookie: app.config.nodeEnv !== 'development' && app.config.nodeEnv !== 'test',
  };
  const router = new Router();
  sandboxApiRoutes(deps, router);
  sandboxPageRoutes(deps, router);
  // Typed for a context the router has already extended; ours is plain until the router runs.
  const routes = router.routes() as unknown as Middleware;
  return async (ctx, next) => {
    const sandboxPath = ctx.path === SANDBOX_PATH || ctx.path.startsWith(`${SANDBOX_PATH}/`);
    // Turned off, the sandbox is not there at all: its paths are the API's ordinary 404s.
    if (!sandboxPath || !app.config.paymentSandboxEnabled) {
      await next();
      return;
    }
    try {
      await routes(ctx, next);
    } catch (error) {
      // The page answers in HTML; the API's errors go to the error handler's JSON body.
      const onPage = ctx.path.startsWith(`${SANDBOX_PATH}/checkout/`);
      if (!onPage || !(error instanceof AppError) || error.kind !== 'not_found') throw error;
      ctx.status = 404;
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = '<!doctype html><title>Checkout not found</title><h1>Checkout not found</h1>';
    }
  };
}
