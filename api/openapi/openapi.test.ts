import SwaggerParser from '@apidevtools/swagger-parser';
import type { Router } from '@koa/router';
import { buildRouting, createApp } from '../app';
import { join } from 'node:path';
import { expectGoldenFile } from '../../test/checks/golden-file';
import { serve } from '../../test/harness/http-server';
import { useAppDepsWithoutTemporal } from '../../test/harness/app-deps-without-temporal';

const deps = useAppDepsWithoutTemporal();

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { security: unknown[]; responses: Record<string, unknown> }>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
}

/** Every (method, path) the routers actually serve, in OpenAPI path syntax. */
function servedOperations(router: Router): string[] {
  return router.stack.flatMap((layer) =>
    layer.methods
      .filter((method) => method !== 'HEAD')
      .map((method) => {
        const path = String(layer.path).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        return `${method.toLowerCase()} ${path}`;
      }),
  );
}

function documentedOperations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => key !== 'servers')
      .map((method) => `${method} ${path}`),
  );
}

describe('OpenAPI document', () => {
  it('is served publicly and is a valid OpenAPI 3.0.3 document', async () => {
    const server = await serve(createApp(deps));
    try {
      const response = await fetch(`${server.url}/api/openapi.json`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as OpenApiDocument;
      expect(document.openapi).toBe('3.0.3');
      await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    } finally {
      await server.close();
    }
  });

  // Refactors must not change the interface: any change to the document is a reviewed diff of the golden file.
  it('is byte-identical to the committed openapi.golden.json', async () => {
    const server = await serve(createApp({ ...deps, version: 'golden' }));
    try {
      const response = await fetch(`${server.url}/api/openapi.json`);
      expect(response.status).toBe(200);
      await expectGoldenFile(join(__dirname, 'openapi.golden.json'), await response.text());
    } finally {
      await server.close();
    }
  });

  it('documents every route the routers serve, and nothing they do not', () => {
    const { root, api, document } = buildRouting(deps);
    const served = [...servedOperations(root), ...servedOperations(api)].sort();
    expect(served.length).toBeGreaterThan(0);
    expect(documentedOperations(document as OpenApiDocument).sort()).toEqual(served);
  });

  it('shows an example for every component schema', () => {
    const { document } = buildRouting(deps);
    const schemas = (document as { components: { schemas: Record<string, { example?: unknown }> } }).components.schemas;
    const withoutExample = Object.entries(schemas)
      .filter(([, schema]) => schema.example === undefined)
      .map(([name]) => name);
    expect(Object.keys(schemas).length).toBeGreaterThan(50);
    expect(withoutExample).toEqual([]);
  });

  it('declares the JWT and API key security schemes', () => {
    const { document } = buildRouting(deps);
    const { securitySchemes } = (document as OpenApiDocument).components;
    expect(securitySchemes.bearerJwt).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents /health beside /api/health, public, with its 503', () => {
    const { document } = buildRouting(deps);
    const paths = (document as OpenApiDocument).paths;
    for (const path of ['/health', '/api/health']) {
      expect(paths[path]?.get?.responses).toHaveProperty('503');
      expect(paths[path]?.get?.security).toEqual([]);
    }
  });
});
