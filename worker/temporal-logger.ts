import type { LogLevel, LogMetadata, Logger as TemporalLogger } from '@temporalio/common';
import type { Logger } from '../infra/logger';

const PINO_LEVELS = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
} as const satisfies Record<LogLevel, string>;

/** Forwards the SDK's logs (worker, workflow `log`, activity context logger) to pino, so one log stream remains. */
export function createTemporalLogger(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta: LogMetadata = {}): void => {
    // Symbol keys (the SDK's timestamp) do not serialise; pino stamps its own time.
    logger[PINO_LEVELS[level]]({ ...meta }, message);
  };
  return {
    log,
    trace: (message, meta) => {
      log('TRACE', message, meta);
    },
    debug: (message, meta) => {
      log('DEBUG', message, meta);
    },
    info: (message, meta) => {
      log('INFO', message, meta);
    },
    warn: (message, meta) => {
      log('WARN', message, meta);
    },
    error: (message, meta) => {
      log('ERROR', message, meta);
    },
  };
}
