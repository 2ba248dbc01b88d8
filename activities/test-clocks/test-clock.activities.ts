import { Context } from '@temporalio/activity';
import type { Orm } from '../../infra/db/orm';
import { tenantSql } from '../../infra/db/tenant-sql';
import type { Logger } from '../../infra/logger';
import { completeTestClockAdvance } from '../../services/catalog/test-clocks';
import { temporalDunningStarter } from '../../services/payments/collections';
import {
  listTestClockParticipants,
  sendClockSignals,
  type ClockSignalDelivery,
  type ClockSignalName,
} from '../../services/payments/test-clock-participants';

export interface TestClockActivityDependencies {
  orm: Orm;
  logger: Logger;
}

interface TestClockRef {
  tenantId: string;
  clockId: string;
}

export function createTestClockActivities({ orm, logger }: TestClockActivityDependencies) {
  return {
    /** The workflow ids an advance of the clock tells its new time and waits for (ladders owed a start started). */
    listTestClockParticipants(ref: TestClockRef): Promise<string[]> {
      const { client, info } = Context.current();
      const startDunning = temporalDunningStarter({ client, taskQueue: info.taskQueue });
      return listTestClockParticipants({ orm, logger, startDunning }, ref);
    },

    /**
     * Sends a test clock's signal to each workflow (the clock telling its time, a participant reporting, a message
     * acknowledged) and answers the ids of those not running. Run as a local activity: the signal leaves during the
     * sender's workflow task, with no command and no workflow task for its outcome.
     */
    sendTestClockSignals(input: { signal: ClockSignalName; deliveries: ClockSignalDelivery[] }): Promise<string[]> {
      return sendClockSignals(Context.current().client, input);
    },

    /** Every participant reached `frozenTime` (ISO): the clock is READY, with `test_clock.ready`. */
    async completeTestClockAdvance(input: TestClockRef & { frozenTime: string }): Promise<boolean> {
      const done = await completeTestClockAdvance(tenantSql(orm, input.tenantId), {
        clockId: input.clockId,
        frozenTime: new Date(input.frozenTime),
      });
      if (!done) logger.info(input, 'test clock advance already completed or superseded');
      return done;
    },
  };
}
