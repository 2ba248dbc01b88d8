import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';
import { traceLogFields } from './tracing/log-fields';

export type { Logger } from 'pino';

/**
 * Structured JSON logs on stdout (or `destination`: tests keep them); secrets are redacted by path wherever they
 * might appear. A line written inside a trace carries its `traceId` and `spanId`, so logs and traces join up (with
 * the request id, in the API).
 */
export function createLogger(options: { level: LogLevel; name: string }, destination?: DestinationStream): Logger {
  const settings = {
    name: options.name,
    level: options.level,
    mixin: traceLogFields,
    redact: {
      paths: [
        'password',
        '*.password',
        '*.*.password',
        'req.headers.authorization',
        'headers.authorization',
        '*.apiKey',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  };
  return destination === undefined ? pino(settings) : pino(settings, destination);
}
