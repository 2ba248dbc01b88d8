import { pino, type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger } from 'pino';

/** Structured JSON logs on stdout; secrets are redacted by path wherever they might appear. */
export function createLogger(options: { level: LogLevel; name: string }): Logger {
  return pino({
    name: options.name,
    level: options.level,
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
  });
}
