import { Type } from '@sinclair/typebox';
import { defineRoute, Reply, type RouteDefinition } from '../../routing/route-definition';
import { DOCS_PAGE } from './docs-assets';
import { renderWebhooksPage } from './webhooks-page';

/** `GET /api/openapi.json` (public, SPEC §9) and the rendered reference at `GET /api/docs`. */
export function referenceRoutes(getDocument: () => object): RouteDefinition[] {
  // Rendered at the first request: the document is complete only once every route is declared.
  let webhooksPage: string | undefined;
  return [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI 3.0.3 description',
      tags: ['Reference'],
      auth: { kind: 'none' },
      responses: { 200: { description: 'The OpenAPI document', schema: Type.Object({}) } },
      handler: () => getDocument(),
    }),
    defineRoute({
      method: 'get',
      path: '/docs',
      operationId: 'getApiReference',
      summary: 'Rendered API reference (Swagger UI, works offline)',
      tags: ['Reference'],
      auth: { kind: 'none' },
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: () => new Reply(200, DOCS_PAGE, 'text/html; charset=utf-8'),
    }),
    defineRoute({
      method: 'get',
      path: '/docs/webhooks',
      operationId: 'getWebhooksReference',
      summary: 'Outbound webhooks: every event, its payload fields, envelope and signature headers (HTML)',
      tags: ['Reference'],
      auth: { kind: 'none' },
      responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
      handler: () => new Reply(200, (webhooksPage ??= renderWebhooksPage(getDocument())), 'text/html; charset=utf-8'),
    }),
  ];
}
