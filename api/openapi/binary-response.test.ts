import SwaggerParser from '@apidevtools/swagger-parser';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../routing/route-definition';
import { buildOpenApiDocument } from './build-document';
import type { JsonObject } from './to-openapi-schema';

const download = defineRoute({
  method: 'get',
  path: '/files/:id',
  operationId: 'downloadFile',
  summary: 'bytes',
  tags: ['Test'],
  auth: { kind: 'apiKey', scope: 'invoices:read' },
  params: Type.Object({ id: Type.String() }, { additionalProperties: false }),
  responses: {
    200: { description: 'A PDF', contentType: 'application/pdf', binary: true },
    202: { description: 'A page', contentType: 'text/html' },
  },
  handler: () => Buffer.from('%PDF-'),
});

describe('OpenAPI for responses that are not JSON', () => {
  it('documents a binary response as bytes of its media type and a text one as a string, in a valid document', async () => {
    const document = buildOpenApiDocument([{ basePath: '/api', routes: [download] }], { version: 'test' });
    const responses = ((document.paths as JsonObject)['/api/files/{id}'] as { get: { responses: JsonObject } }).get
      .responses;
    expect(responses['200']).toEqual({
      description: 'A PDF',
      content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
    });
    expect(responses['202']).toEqual({
      description: 'A page',
      content: { 'text/html': { schema: { type: 'string' } } },
    });
    expect(responses).toHaveProperty('404');
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });
});
