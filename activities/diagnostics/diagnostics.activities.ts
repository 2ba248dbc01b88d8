import { activityInfo } from '@temporalio/activity';
import type { Logger } from '../../infra/logger';
import type { ClockCheckRecord, RecordClockCheckInput } from '../../workflows/diagnostics/messages';
import { wallClock } from '../../infra/wall-clock';

export interface DiagnosticsActivityDependencies {
  logger: Logger;
}

export function createDiagnosticsActivities({ logger }: DiagnosticsActivityDependencies) {
  return {
    /** Logs what the workflow saw next to the worker's own wall clock; idempotent (a log line per attempt). */
    recordClockCheck(input: RecordClockCheckInput): Promise<ClockCheckRecord> {
      const info = activityInfo();
      const record: ClockCheckRecord = {
        // The check compares Temporal's time with the wall's.
        recordedAt: wallClock.now().toISOString(),
        scheduledAt: new Date(info.scheduledTimestampMs).toISOString(),
        attempt: info.attempt,
      };
      logger.info({ ...input, ...record }, 'clock check recorded');
      return Promise.resolve(record);
    },
  };
}
