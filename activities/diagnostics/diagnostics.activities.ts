import { activityInfo } from '@temporalio/activity';
import type { Logger } from '../../infra/logger';
import type { ClockCheckRecord, RecordClockCheckInput } from '../../workflows/diagnostics/messages';

export interface DiagnosticsActivityDependencies {
  logger: Logger;
}

export function createDiagnosticsActivities({ logger }: DiagnosticsActivityDependencies) {
  return {
    /** Logs what the workflow saw next to the worker's own wall clock; idempotent (a log line per attempt). */
    recordClockCheck(input: RecordClockCheckInput): Promise<ClockCheckRecord> {
      const info = activityInfo();
      const record: ClockCheckRecord = {
        // eslint-disable-next-line no-restricted-syntax -- technical time: the check compares with the wall clock
        recordedAt: new Date().toISOString(),
        scheduledAt: new Date(info.scheduledTimestampMs).toISOString(),
        attempt: info.attempt,
      };
      logger.info({ ...input, ...record }, 'clock check recorded');
      return Promise.resolve(record);
    },
  };
}
