import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats';
import type { Static, TSchema } from '@sinclair/typebox';
import { validationFailed, type ErrorDetail } from '../../services/platform/errors';
import { EXACTLY_ONE_OF_KEYWORD, exactlyOneOfMessage } from './exactly-one-of';
import { isMailbox, MAILBOX_FORMAT, MAILBOX_MESSAGE } from './mailbox';
import { narrowUnionErrors } from './union-errors';

export type InputLocation = 'body' | 'query' | 'params';

// ajv-formats is CommonJS with a default export; under nodenext interop the plugin sits on `.default`.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;

function createAjv(coerce: boolean): Ajv {
  // Query strings and path parameters arrive as text, so they are coerced and defaulted; bodies are JSON and are not.
  // verbose: an error carries its schema, so a refused property can say why (IMMUTABLE_KEYWORD).
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce,
    useDefaults: coerce,
    strict: true,
    // exactlyOneOf's branches name properties their parent declares, which strictRequired cannot see.
    strictRequired: false,
    discriminator: true,
    verbose: true,
  });
  addFormats(ajv);
  // ajv-formats checks the calendar (2026-02-30 is refused) but allows a leap second, which Date cannot hold.
  ajv.addFormat('date-time', (text: string) => isFullDateTime(text) && inSupportedYears(Date.parse(text)));
  ajv.addFormat(DATE_OR_DATE_TIME, isDateOrDateTime);
  ajv.addFormat(MAILBOX_FORMAT, isMailbox);
  // OpenAPI's schema example: documentation only.
  ajv.addKeyword({ keyword: 'example' });
  ajv.addKeyword({ keyword: IMMUTABLE_KEYWORD });
  ajv.addKeyword({ keyword: EXACTLY_ONE_OF_KEYWORD });
  return ajv;
}

/**
 * On an update schema: `{ field: why }` for the fields a resource never changes. They are not properties (the
 * document offers no value for them), so sending one is the ordinary unknown-property 400, which then says why.
 */
export const IMMUTABLE_KEYWORD = 'x-immutable';

export type ImmutableFields = Readonly<Record<string, string>>;

/**
 * A date (`2026-01-31`) or a timestamp with a time zone (`2026-01-31T10:00Z`, `...:00.000+02:00`): the one format of
 * date and date-or-timestamp inputs, so an impossible date that fits the shape (2026-13-45, 2026-02-30) is a 400
 * naming the field wherever it is accepted.
 */
export const DATE_OR_DATE_TIME = 'date-or-date-time';

const DATE_OR_DATE_TIME_SHAPE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2})))?$/i;

/** The first and last instants an input may name: years 1000 to 9999 in UTC. */
const EARLIEST_INSTANT = Date.parse('1000-01-01T00:00:00.000Z');
const LATEST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * Whether a parsed instant lies in years 1000 to 9999 in UTC. Every stored time comes back from PostgreSQL as text, and
 * `Date` reads a two-digit year as 19xx or 20xx (0001 as 2001), so an earlier year would not read back as written; a
 * later one (9999-12-31T23:00-05:00 is in 10000 in UTC) cannot be written back as an ISO 8601 string of four digits.
 */
const inSupportedYears = (instant: number): boolean =>
  Number.isFinite(instant) && instant >= EARLIEST_INSTANT && instant <= LATEST_INSTANT;

// ajv-formats' own full `date-time` check (RFC 3339, calendar included), which the override below builds on.
const fullDateTime = fullFormats['date-time'] as { validate: (text: string) => boolean };
const isFullDateTime = (text: string): boolean => fullDateTime.validate(text);

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isDateOrDateTime(text: string): boolean {
  const match = DATE_OR_DATE_TIME_SHAPE.exec(text);
  if (match === null) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part: string | undefined) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return false;
  // Last, the instant the handlers will build must be a valid Date of a supported year.
  return inSupportedYears(Date.parse(match[4] === undefined ? `${text}T00:00:00.000Z` : text));
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

/**
 * Validates (and for query/params coerces in place) one request part, or throws a 400 naming each field: text
 * PostgreSQL cannot store and the schema's problems together (a NUL in a metadata key does not hide an amount beyond
 * its maximum), a field's own text problem first and alone.
 */
export function validateInput<T extends TSchema>(schema: T, value: unknown, location: InputLocation): Static<T> {
  const unstorable = findUnstorableText(value, location);
  const validate = compile(schema, location);
  const valid = validate(value);
  const infinite = location === 'body' ? [] : findInfiniteNumbers(value, location);
  if (valid && unstorable.length === 0 && infinite.length === 0) return value;
  const named = new Set(unstorable.map((detail) => detail.path));
  const schemaDetails = valid ? [] : toDetails(validate.errors ?? [], location);
  throw validationFailed([
    ...unstorable,
    ...infinite,
    // A string holding NUL also breaks its `pattern`: its text problem says why. An unknown property whose name
    // holds NUL is named at its object, by the text problem: a path never carries what cannot be stored.
    ...schemaDetails.filter((detail) => !named.has(detail.path) && textProblem(detail.path) === undefined),
  ]);
}

/**
 * Numbers that coercion made infinite: ajv reads the text '1e400' or 'Infinity' as Infinity, and then no keyword
 * refuses it (`minimum` and `maximum` skip a number that is not finite), so `?page=Infinity` would reach the handler.
 * A JSON body never holds one: its numbers are checked as they are, and a non-finite one is not a number there.
 */
function findInfiniteNumbers(value: unknown, root: string): ErrorDetail[] {
  if (typeof value === 'number' && !Number.isFinite(value)) return [{ path: root, message: 'must be a finite number' }];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]: [string, unknown]) => findInfiniteNumbers(item, `${root}.${key}`));
}

/** Checks a value against a schema without coercion; returns the problems (empty when valid). */
export function findSchemaViolations(schema: TSchema, value: unknown, root: string): ErrorDetail[] {
  const validate = jsonAjv.compile(schema);
  return validate(value) ? [] : toDetails(validate.errors ?? [], root);
}

const NUL = '\u0000';
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | undefined {
  if (text.includes(NUL)) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain a lone UTF-16 surrogate';
  return undefined;
}

/**
 * Text PostgreSQL cannot store, anywhere in a request part: NUL (refused in text and JSON) and lone UTF-16
 * surrogates (refused in JSON, silently replaced in text). Checked here, once for every route, before the schema, so
 * the 400 names the field. A property name is reported at its object. Iterative: a deeply nested body is no stack risk.
 */
function findUnstorableText(value: unknown, root: string): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: root }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value === 'string') {
      const message = textProblem(next.value);
      if (message !== undefined) details.push({ path: next.path, message });
    } else if (Array.isArray(next.value)) {
      const path = next.path;
      next.value.forEach((item: unknown, index) => pending.push({ value: item, path: `${path}.${index}` }));
    } else if (typeof next.value === 'object' && next.value !== null) {
      for (const [key, item] of Object.entries(next.value)) {
        const message = textProblem(key);
        if (message !== undefined) details.push({ path: next.path, message: `property names ${message}` });
        else pending.push({ value: item, path: `${next.path}.${key}` });
      }
    }
  }
  return details;
}

function toDetails(errors: readonly ErrorObject[], root: string): ErrorDetail[] {
  const details = narrowUnionErrors(errors).map((error) => toDetail(error, root));
  const seen = new Set<string>();
  return details.filter((detail) => {
    const key = `${detail.path}|${detail.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function exactlyOneOfFields(error: ErrorObject): readonly string[] | undefined {
  return (error.parentSchema as { [EXACTLY_ONE_OF_KEYWORD]?: readonly string[] } | undefined)?.[EXACTLY_ONE_OF_KEYWORD];
}

function toDetail(error: ErrorObject, root: string): ErrorDetail {
  const path = pointerToPath(root, error.instancePath);
  const exactlyOne = error.keyword === 'oneOf' ? exactlyOneOfFields(error) : undefined;
  if (exactlyOne !== undefined) {
    const passing = (error.params as { passingSchemas?: unknown }).passingSchemas;
    const field = Array.isArray(passing) ? exactlyOne[1] : exactlyOne[0];
    return { path: `${path}.${String(field)}`, message: exactlyOneOfMessage(exactlyOne, passing) };
  }
  switch (error.keyword) {
    case 'additionalProperties': {
      const property = String(error.params.additionalProperty);
      const immutable = (error.parentSchema as { [IMMUTABLE_KEYWORD]?: ImmutableFields } | undefined)?.[
        IMMUTABLE_KEYWORD
      ];
      return { path: `${path}.${property}`, message: immutable?.[property] ?? 'is not an allowed property' };
    }
    case 'required':
      return { path: `${path}.${String(error.params.missingProperty)}`, message: 'is required' };
    case 'discriminator':
      return {
        path: `${path}.${String(error.params.tag)}`,
        message: error.params.error === 'tag' ? 'is required' : `must be one of ${tagValues(error).join(', ')}`,
      };
    case 'enum':
      return { path, message: enumMessage(error) };
    case 'pattern':
      return { path, message: patternMessage(error) };
    case 'format':
      return {
        path,
        message: error.params.format === MAILBOX_FORMAT ? MAILBOX_MESSAGE : (error.message ?? 'is invalid'),
      };
    default:
      return { path, message: error.message ?? 'is invalid' };
  }
}

/** The values of a discriminated union's tag, one per branch. */
function tagValues(error: ErrorObject): unknown[] {
  const tag = String(error.params.tag);
  const branches = (error.parentSchema as { oneOf?: { properties?: Record<string, { const?: unknown }> }[] }).oneOf;
  return (branches ?? []).map((branch) => branch.properties?.[tag]?.const).filter((value) => value !== undefined);
}

/** A code list written as a pattern (currencies, countries) is named by its description, not spelled out. */
function patternMessage(error: ErrorObject): string {
  const pattern = String(error.params.pattern);
  return pattern.length <= 100 ? (error.message ?? 'is invalid') : notInListMessage(error);
}

/** Short lists are spelled out; a code list (time zones) is named by its description. */
function enumMessage(error: ErrorObject): string {
  const allowed = error.params.allowedValues as unknown[];
  return allowed.length <= 20 ? `must be one of ${allowed.join(', ')}` : notInListMessage(error);
}

function notInListMessage(error: ErrorObject): string {
  const description = (error.parentSchema as { description?: unknown } | undefined)?.description;
  return typeof description === 'string'
    ? `is not one of the allowed values (${description})`
    : 'is not one of the allowed values';
}

function pointerToPath(root: string, pointer: string): string {
  if (pointer === '') return root;
  const segments = pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  return [root, ...segments].join('.');
}
