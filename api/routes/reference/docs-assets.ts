import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Middleware } from 'koa';

/** Swagger UI is served from the swagger-ui-dist package, so the API reference works offline (no CDN). */
const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

// A Map, not an object literal: a name from the URL must never reach Object.prototype (`constructor`, `__proto__`).
const ASSETS: ReadonlyMap<string, string> = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
  ['swagger-ui-standalone-preset.js', 'application/javascript; charset=utf-8'],
  ['favicon-32x32.png', 'image/png'],
]);

export const DOCS_ASSETS_PREFIX = '/api/docs/assets/';

// A separate script (not inline) keeps the page compatible with a strict Content-Security-Policy.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
  });
});
`;

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Billing Platform API reference</title>
    <link rel="stylesheet" href="${DOCS_ASSETS_PREFIX}swagger-ui.css" />
    <link rel="icon" type="image/png" href="${DOCS_ASSETS_PREFIX}favicon-32x32.png" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${DOCS_ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${DOCS_ASSETS_PREFIX}swagger-ui-standalone-preset.js"></script>
    <script src="${DOCS_ASSETS_PREFIX}init.js"></script>
  </body>
</html>
`;

/** Serves the page's static assets: a fixed allow-list, never a path taken from the request. */
export function docsAssets(): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' || !ctx.path.startsWith(DOCS_ASSETS_PREFIX)) {
      await next();
      return;
    }
    const name = ctx.path.slice(DOCS_ASSETS_PREFIX.length);
    if (name === 'init.js') {
      ctx.type = 'application/javascript; charset=utf-8';
      ctx.body = INIT_SCRIPT;
      return;
    }
    const type = ASSETS.get(name);
    if (type === undefined) {
      await next();
      return;
    }
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = await readFile(join(SWAGGER_UI_DIR, name));
  };
}
