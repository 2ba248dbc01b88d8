import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Static, TSchema } from '@sinclair/typebox';
import { validationFailed, type ErrorDetail } from '../../services/errors';

export type InputLocation = 'body' | 'query' | 'params';

// ajv-formats is CommonJS with a default export; under nodenext interop the plugin sits on `.default`.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;

function createAjv(coerce: boolean): Ajv {
  // Query strings and path parameters arrive as text, so they are coerced and defaulted; bodies are JSON and are not.
  const ajv = new Ajv({ allErrors: true, coerceTypes: coerce, useDefaults: coerce, strict: true, discriminator: true });
  addFormats(ajv);
  // OpenAPI's schema example: documentation only.
  ajv.addKeyword({ keyword: 'example' });
  return ajv;
}

const jsonAjv = createAjv(false);
const textAjv = createAjv(true);
const compiled = new WeakMap<TSchema, ValidateFunction>();

function compile(schema: TSchema, location: InputLocation): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = (location === 'body' ? jsonAjv : textAjv).compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** Validates (and for query/params coerces in place) one request part, or throws a 400 naming each field. */
export function validateInput<T extends TSchema>(schema: T, value: unknown, location: InputLocation): Static<T> {
  const validate = compile(schema, location);
  if (validate(value)) return value;
  throw validationFailed(toDetails(validate.errors ?? [], location));
}

/** Checks a value against a schema without coercion; returns the problems (empty when valid). */
export function findSchemaViolations(schema: TSchema, value: unknown, root: string): ErrorDetail[] {
  const validate = jsonAjv.compile(schema);
  return validate(value) ? [] : toDetails(validate.errors ?? [], root);
}

function toDetails(errors: readonly ErrorObject[], root: string): ErrorDetail[] {
  const details = errors.map((error) => toDetail(error, root));
  const seen = new Set<string>();
  return details.filter((detail) => {
    const key = `${detail.path}|${detail.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toDetail(error: ErrorObject, root: string): ErrorDetail {
  const path = pointerToPath(root, error.instancePath);
  switch (error.keyword) {
    case 'additionalProperties':
      return { path: `${path}.${String(error.params.additionalProperty)}`, message: 'is not an allowed property' };
    case 'required':
      return { path: `${path}.${String(error.params.missingProperty)}`, message: 'is required' };
    case 'discriminator':
      return {
        path: `${path}.${String(error.params.tag)}`,
        message: error.params.error === 'tag' ? 'is required' : 'is not one of the allowed values',
      };
    case 'enum':
      return { path, message: `must be one of ${(error.params.allowedValues as unknown[]).join(', ')}` };
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

function pointerToPath(root: string, pointer: string): string {
  if (pointer === '') return root;
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [root, ...segments].join('.');
}
