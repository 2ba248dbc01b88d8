import Koa from 'koa';
import { Router } from '@koa/router';
import { Type } from '@sinclair/typebox';
import { errorHandler } from '../middleware/error-handler';
import { jsonBody, MIB } from '../middleware/json-body';
import { requestId } from '../middleware/request-id';
import { listEnvelopeSchema, pageWindow, paginationQueryProperties, toListEnvelope } from '../lists/pagination';
import { memoryLogger, serve, type RunningServer } from '../../test/harness/http-server';
import { defineRoute, type RouteDefinition } from './route-definition';
import { mountRoutes } from './mount-routes';

const Widget = Type.Object(
  { name: Type.String({ minLength: 1 }), size: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);

const routes: RouteDefinition[] = [
  defineRoute({
    method: 'post',
    path: '/widgets',
    operationId: 'createWidget',
    summary: 'echo',
    tags: ['Test'],
    auth: { kind: 'none' },
    body: Widget,
    responses: { 201: { description: 'created', schema: Widget } },
    handler: ({ body }) => body,
  }),
  defineRoute({
    method: 'get',
    path: '/widgets',
    operationId: 'listWidgets',
    summary: 'paged list',
    tags: ['Test'],
    auth: { kind: 'none' },
    query: Type.Object(paginationQueryProperties, { additionalProperties: false }),
    responses: { 200: { description: 'list', schema: listEnvelopeSchema('WidgetList', Widget) } },
    handler: ({ query }) => {
      const window = pageWindow(query);
      const all = Array.from({ length: 45 }, (_, index) => ({ name: `w${index}` }));
      return toListEnvelope(all.slice(window.offset, window.offset + window.limit), all.length, window);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/widgets/:id/poke',
    operationId: 'pokeWidget',
    summary: 'action without body',
    tags: ['Test'],
    auth: { kind: 'none' },
    params: Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
    responses: { 200: { description: 'poked', schema: Type.Object({ id: Type.Integer() }) } },
    handler: ({ params }) => ({ id: params.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/explode',
    operationId: 'explode',
    summary: 'fails',
    tags: ['Test'],
    auth: { kind: 'none' },
    responses: { 200: { description: 'never' } },
    handler: () => {
      throw new Error('secret connection string postgres://user:pw@db');
    },
  }),
  defineRoute({
    method: 'get',
    path: '/drift',
    operationId: 'drift',
    summary: 'answers off-schema',
    tags: ['Test'],
    auth: { kind: 'none' },
    responses: { 200: { description: 'widget', schema: Widget } },
    handler: () => ({ name: 'x', colour: 'red' }),
  }),
];

describe('mountRoutes', () => {
  let server: RunningServer;
  const log = memoryLogger();

  beforeAll(async () => {
    const app = new Koa();
    app.silent = true;
    const router = new Router();
    mountRoutes(router, routes, { validateResponses: true });
    app.use(requestId());
    app.use(errorHandler(log.logger));
    app.use(jsonBody({ limitFor: () => MIB }));
    app.use(router.routes());
    server = await serve(app);
  });
  afterAll(() => server.close());

  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers a valid body with the declared success status', async () => {
    const response = await post('/widgets', { name: 'bolt', size: 3 });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'bolt', size: 3 });
  });

  it('names an unknown body property (schemas are closed)', async () => {
    const response = await post('/widgets', { name: 'bolt', colour: 'red' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      error: 'validation_failed',
      message: 'Validation failed: body.colour is not an allowed property',
      details: [{ path: 'body.colour', message: 'is not an allowed property' }],
    });
  });

  it('lists every problem: a missing field and a wrong type together', async () => {
    const response = await post('/widgets', { size: 'big' });
    const body = (await response.json()) as { details: { path: string }[] };
    expect(response.status).toBe(400);
    expect(body.details.map((detail) => detail.path).sort()).toEqual(['body.name', 'body.size']);
  });

  it('does not coerce JSON body types', async () => {
    const response = await post('/widgets', { name: 'bolt', size: '3' });
    expect(response.status).toBe(400);
  });

  it('coerces path parameters and rejects bad ones', async () => {
    expect(await (await post('/widgets/7/poke', {})).json()).toEqual({ id: 7 });
    const bad = await post('/widgets/zero/poke', {});
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { details: unknown[] }).details).toEqual([
      { path: 'params.id', message: 'must be integer' },
    ]);
  });

  it('refuses a body on an operation that takes none, naming each property', async () => {
    const response = await post('/widgets/7/poke', { force: true, reason: 'x' });
    expect(response.status).toBe(400);
    const message = 'is not an allowed property: this operation takes no request body';
    expect(await response.json()).toMatchObject({
      details: [
        { path: 'body.force', message },
        { path: 'body.reason', message },
      ],
    });
    const list = await post('/widgets/7/poke', [1]);
    expect(await list.json()).toMatchObject({
      details: [{ path: 'body', message: 'this operation takes no request body' }],
    });
  });

  it('paginates with defaults and the contract envelope', async () => {
    const first = await (await fetch(`${server.url}/widgets`)).json();
    expect(first).toMatchObject({ meta: { total: 45, page: 1, limit: 20, totalPages: 3 } });
    const last = (await (await fetch(`${server.url}/widgets?page=3&limit=20`)).json()) as { data: unknown[] };
    expect(last.data).toHaveLength(5);
  });

  it.each([
    ['page=0', 'query.page'],
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['page=abc', 'query.page'],
    ['sort=name', 'query.sort'],
  ])('refuses the query %s naming %s', async (query, path) => {
    const response = await fetch(`${server.url}/widgets?${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { details: { path: string }[] }).details[0]?.path).toBe(path);
  });

  it('hides the internals of an unexpected error and logs them with the request id', async () => {
    const response = await fetch(`${server.url}/explode`, { headers: { 'X-Request-Id': 'boom-1' } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ statusCode: 500, error: 'internal_error', message: 'Internal server error' });
    expect(text).not.toContain('postgres');
    const logged = log.lines().find((line) => line.requestId === 'boom-1');
    expect(JSON.stringify(logged)).toContain('secret connection string');
  });

  it('treats a response that drifts from its declared schema as a server error', async () => {
    const response = await fetch(`${server.url}/drift`);
    expect(response.status).toBe(500);
  });
});
