import { Type } from '@sinclair/typebox';
import { toOpenApiSchema } from './to-openapi-schema';

describe('toOpenApiSchema', () => {
  it('turns a union with null into nullable, and lists null in a nullable enum (OpenAPI 3.0.3)', () => {
    const interval = Type.Union([Type.Unsafe({ type: 'string', enum: ['WEEKLY', 'MONTHLY'] }), Type.Null()]);
    expect(toOpenApiSchema(interval, {})).toEqual({
      type: 'string',
      enum: ['WEEKLY', 'MONTHLY', null],
      nullable: true,
    });
    expect(toOpenApiSchema(Type.Union([Type.Number(), Type.Null()]), {})).toEqual({ type: 'number', nullable: true });
  });

  it('leaves an enum that cannot be null as it is', () => {
    expect(toOpenApiSchema(Type.Unsafe({ type: 'string', enum: ['A'] }), {})).toEqual({ type: 'string', enum: ['A'] });
  });

  it('writes the validator’s year bound into timestamps, and into both forms of a date-or-timestamp', () => {
    const year = '^[1-9][0-9]{3}-';
    expect(toOpenApiSchema(Type.String({ format: 'date-time' }), {})).toEqual({
      type: 'string',
      format: 'date-time',
      pattern: year,
    });
    expect(toOpenApiSchema(Type.String({ format: 'date-or-date-time' }), {})).toEqual({
      anyOf: [
        { type: 'string', format: 'date', pattern: year },
        { type: 'string', format: 'date-time', pattern: year },
      ],
    });
  });
});
