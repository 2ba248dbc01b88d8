import { Type, type SchemaOptions, type Static, type TObject } from '@sinclair/typebox';

/**
 * A `oneOf` with an OpenAPI/ajv `discriminator`: the tag property picks the one branch that is validated, so a bad
 * body gets the errors of its own variant instead of every variant's (what a plain union reports). Each branch
 * must declare the tag as a required literal.
 */
export function discriminatedUnion<const T extends TObject[]>(
  propertyName: string,
  branches: T,
  options: SchemaOptions = {},
) {
  return Type.Unsafe<Static<T[number]>>({
    type: 'object',
    oneOf: branches,
    discriminator: { propertyName },
    ...options,
  });
}
