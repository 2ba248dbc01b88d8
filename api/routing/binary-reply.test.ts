import Koa from 'koa';
import { Router } from '@koa/router';
import { errorHandler } from '../middleware/error-handler';
import { memoryLogger, serve, type RunningServer } from '../../test/harness/http-server';
import { defineRoute, Reply, type RouteDefinition } from './route-definition';
import { mountRoutes } from './mount-routes';

const PDF_BYTES = Buffer.from('%PDF-1.3\n%fake\n');

const binaryRoute = (path: string, body: unknown): RouteDefinition =>
  defineRoute({
    method: 'get',
    path,
    operationId: `download${path.replace(/\W/g, '')}`,
    summary: 'bytes',
    tags: ['Test'],
    auth: { kind: 'none' },
    responses: { 200: { description: 'A PDF', contentType: 'application/pdf', binary: true } },
    handler: () => new Reply(200, body, 'application/pdf'),
  });

describe('binary replies', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    const router = new Router();
    mountRoutes(router, [binaryRoute('/bytes', PDF_BYTES), binaryRoute('/not-bytes', { pdf: true })], {
      validateResponses: true,
    });
    app.use(errorHandler(memoryLogger().logger));
    app.use(router.routes());
    server = await serve(app);
  });
  afterAll(() => server.close());

  it('sends a Buffer as it is, with the declared content type', async () => {
    const response = await fetch(`${server.url}/bytes`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF_BYTES)).toBe(true);
  });

  it('refuses (500 under response checks) a binary route that answers anything but bytes', async () => {
    expect((await fetch(`${server.url}/not-bytes`)).status).toBe(500);
  });
});
