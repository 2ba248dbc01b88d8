import { eventValueProblem, parseDecimal } from '../../../domain/money';
import type { ErrorDetail } from '../../platform/errors';
import type { EventProperties } from './event-records';
import type { MetricDefinition } from './metric-catalog';

/** Aggregations that read `properties[fieldName]` as a number (CONTRACT §10). */
const NUMERIC_AGGREGATIONS: ReadonlySet<string> = new Set(['SUM', 'MAX', 'LATEST', 'WEIGHTED_SUM']);

/** A double holds any decimal of up to 15 significant digits exactly, so the value stored is the value sent. */
export const MAX_SIGNIFICANT_DIGITS = 15;

/** The longest property name of an event, in characters (CONTRACT §10; names are keys, not data). */
export const MAX_PROPERTY_NAME_LENGTH = 100;
/** The longest string value of an event property, in characters (the request schema holds it too). */
export const MAX_PROPERTY_VALUE_LENGTH = 1000;

export const OPERATION_TYPE_KEY = 'operation_type';
const OPERATION_TYPES: ReadonlySet<unknown> = new Set(['add', 'remove']);

/**
 * The problems of one event against its metric, each naming its field under `path` (`body` or `body.events.3`):
 * a property name or string value too long; an unknown code; the field a numeric aggregation reads missing or not an exact decimal; UNIQUE_COUNT's field
 * missing; `operation_type` outside UNIQUE_COUNT or not add/remove; a filter key's value outside its values.
 */
export function propertyProblemsOf(
  event: { code: string; properties?: EventProperties | undefined },
  metric: MetricDefinition | undefined,
  path: string,
): ErrorDetail[] {
  const properties = event.properties ?? {};
  const problems = lengthProblemsOf(properties, path);
  if (metric === undefined) {
    const message = `is not the code of a billable metric: ${JSON.stringify(event.code)}`;
    return [{ path: `${path}.code`, message }, ...problems];
  }
  const field = metric.fieldName;
  if (field !== null && metric.aggregationType !== 'COUNT') {
    const problem = fieldProblem(metric, properties[field]);
    if (problem !== undefined) problems.push({ path: `${path}.properties.${field}`, message: problem });
  }
  const operation = properties[OPERATION_TYPE_KEY];
  if (operation !== undefined && field !== OPERATION_TYPE_KEY) {
    if (metric.aggregationType !== 'UNIQUE_COUNT') {
      problems.push({
        path: `${path}.properties.${OPERATION_TYPE_KEY}`,
        message: `is allowed on UNIQUE_COUNT metrics only, not ${metric.aggregationType}`,
      });
    } else if (!OPERATION_TYPES.has(operation)) {
      problems.push({ path: `${path}.properties.${OPERATION_TYPE_KEY}`, message: 'must be add or remove' });
    }
  }
  for (const [key, allowed] of metric.filters) {
    const value = properties[key];
    if (value !== undefined && !allowed.has(String(value))) {
      problems.push({ path: `${path}.properties.${key}`, message: `must be one of ${[...allowed].join(', ')}` });
    }
  }
  return problems;
}

/** Characters as JSON Schema's maxLength counts them: code points, so an emoji is one. */
const lengthOf = (text: string): number => text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '_').length;

function lengthProblemsOf(properties: EventProperties, path: string): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (lengthOf(name) > MAX_PROPERTY_NAME_LENGTH) {
      problems.push({
        path: `${path}.properties.${name}`,
        message: `is a property name longer than ${MAX_PROPERTY_NAME_LENGTH} characters`,
      });
    } else if (typeof value === 'string' && lengthOf(value) > MAX_PROPERTY_VALUE_LENGTH) {
      problems.push({
        path: `${path}.properties.${name}`,
        message: `must NOT have more than ${MAX_PROPERTY_VALUE_LENGTH} characters`,
      });
    }
  }
  return problems;
}

function fieldProblem(metric: MetricDefinition, value: string | number | undefined): string | undefined {
  if (value === undefined) return `is required by ${metric.code} (${metric.aggregationType})`;
  if (!NUMERIC_AGGREGATIONS.has(metric.aggregationType)) return undefined;
  return numericValueProblem(value);
}

/**
 * A number, or a string in decimal notation ('12.5', '-3', '1e3'), with at most 15 significant digits, a magnitude
 * of at most 10^15 and at most 15 decimals: the value then aggregates exactly as a decimal and a JSON number means
 * what its sender wrote; a sum priced beyond what money holds is refused by pricing, not here.
 */
export function numericValueProblem(value: string | number): string | undefined {
  // Any number of decimals: the significant digits are the limit.
  const parsed = parseDecimal(value, Number.MAX_SAFE_INTEGER);
  if (!parsed.ok) return 'must be a finite number or a numeric string';
  const decimal = parsed.value;
  const digits = (decimal.unscaled < 0n ? -decimal.unscaled : decimal.unscaled).toString().replace(/0+$/, '');
  if (digits.length > MAX_SIGNIFICANT_DIGITS) {
    return `has more than ${MAX_SIGNIFICANT_DIGITS} significant digits`;
  }
  // The bounds (domain/money/bounds.ts) keep every value an exact decimal of at most 30 digits.
  return eventValueProblem(decimal);
}
