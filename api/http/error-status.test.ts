import {
  AppError,
  conflict,
  ERROR_KINDS,
  invalid,
  notFound,
  unauthenticated,
  unavailable,
  validationFailed,
} from '../../services/platform/errors';
import { STATUS_BY_KIND, toErrorResponse } from './error-status';
import { HttpError } from './http-error';

/** What http-errors (used by Koa and the router) throws: a status, and whether its message may be shown. */
const httpError = (status: number, message: string) =>
  Object.assign(new Error(message), { status, statusCode: status, expose: status < 500 });

describe('the error status table', () => {
  it.each(ERROR_KINDS)('gives kind %s an error status', (kind) => {
    const status = STATUS_BY_KIND[kind];
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(toErrorResponse(new AppError(kind, 'some_code', 'Some message')).status).toBe(status);
  });

  it.each([
    ['invalid', invalid('start_date_in_future', 'may not be in the future'), 400],
    ['unauthenticated', unauthenticated('invalid_token', 'Invalid token'), 401],
    ['forbidden', new AppError('forbidden', 'missing_scope', 'Missing scope: plans:read'), 403],
    ['not_found', notFound('plan_not_found', 'Plan p not found'), 404],
    ['conflict', conflict('plan_code_taken', 'A plan with code x already exists'), 409],
    ['rate_limited', new AppError('rate_limited', 'rate_limited', 'Slow down'), 429],
    ['unavailable', unavailable('temporal_unavailable', 'Retry shortly'), 503],
  ] as const)('answers %s with the contract’s status and body', (_kind, error, status) => {
    expect(toErrorResponse(error)).toEqual({
      status,
      headers: {},
      body: { statusCode: status, message: error.message, error: error.code },
    });
  });

  it('answers a validation failure with every detail, the message naming the first', () => {
    const details = [
      { path: 'body.currency', message: 'is required' },
      { path: 'body.amount', message: 'must be >= 0' },
    ];
    expect(toErrorResponse(validationFailed(details))).toEqual({
      status: 400,
      headers: {},
      body: {
        statusCode: 400,
        message: 'Validation failed: body.currency is required (and 1 more)',
        error: 'validation_failed',
        details,
      },
    });
  });

  it.each([
    ['unsupported_media_type', 415],
    ['payload_too_large', 413],
    ['method_not_allowed', 405],
  ])('gives HTTP’s own refusal %s its status %i', (code, status) => {
    expect(toErrorResponse(new AppError('invalid', code, 'Refused')).status).toBe(status);
  });

  it('sends the headers and retryAfter an HttpError carries', () => {
    const error = new HttpError('rate_limited', 'rate_limited', 'Rate limit exceeded, retry in 7 seconds', {
      headers: { 'Retry-After': '7' },
      retryAfter: 7,
    });
    expect(toErrorResponse(error)).toEqual({
      status: 429,
      headers: { 'Retry-After': '7' },
      body: {
        statusCode: 429,
        message: 'Rate limit exceeded, retry in 7 seconds',
        error: 'rate_limited',
        retryAfter: 7,
      },
    });
  });

  it('keeps the status of an exposed 4xx thrown by Koa or the router, named by its code', () => {
    expect(toErrorResponse(httpError(405, 'Method Not Allowed'))).toEqual({
      status: 405,
      headers: {},
      body: { statusCode: 405, message: 'Method Not Allowed', error: 'method_not_allowed' },
    });
    expect(toErrorResponse(httpError(422, 'Unprocessable')).body.error).toBe('request_failed');
  });

  it.each([
    ['an unknown error', new Error('connection refused at 10.0.0.5')],
    ['a 5xx http error', httpError(501, 'Not Implemented')],
    ['a thrown string', 'boom'],
  ])('answers %s with a generic 500 internal_error', (_name, thrown) => {
    expect(toErrorResponse(thrown)).toEqual({
      status: 500,
      headers: {},
      body: { statusCode: 500, message: 'Internal server error', error: 'internal_error' },
    });
  });

  it('answers a wait for a pooled database connection that timed out with 503 database_busy and Retry-After', () => {
    expect(toErrorResponse(new Error('timeout exceeded when trying to connect'))).toEqual({
      status: 503,
      headers: { 'Retry-After': '1' },
      body: {
        statusCode: 503,
        message: 'The service is busy; retry the request shortly',
        error: 'database_busy',
        retryAfter: 1,
      },
    });
  });

  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a refusal wrapped by the ORM',
      new Error('query failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ['one refusal per address', new AggregateError([withCode('a', 'ECONNREFUSED'), withCode('b', 'ECONNREFUSED')])],
    ['a server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection exception (08006)', withCode('connection failure', '08006')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
  ])('answers %s with 503 database_unavailable and Retry-After', (_name, error) => {
    expect(toErrorResponse(error)).toMatchObject({
      status: 503,
      headers: { 'Retry-After': '5' },
      body: { statusCode: 503, error: 'database_unavailable', retryAfter: 5 },
    });
  });

  it('keeps a query error that is not about the connection a 500 (a unique violation, a syntax error)', () => {
    expect(toErrorResponse(withCode('duplicate key value', '23505')).status).toBe(500);
    expect(toErrorResponse(withCode('syntax error', '42601')).status).toBe(500);
  });
});
