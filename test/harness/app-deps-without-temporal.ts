import type { AppDeps } from '../../api/app-deps';
import { createRequestPathState } from '../../api/app-deps';
import { systemClock } from '../../infra/clock';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createUnconfiguredMailer } from '../../infra/mail';
import { memoryLogger, testConfig } from './http-server';
import { standIn } from './stand-in';

/**
 * Registers hooks that make the app's dependencies for the file: the test config, an ORM of one connection (closed
 * after all tests), no Temporal, no mailer, the system clock. What it answers stands for them; read it in a test or a
 * hook. For tests of what the app serves without workflows (the OpenAPI document, the reference pages).
 */
export function useAppDepsWithoutTemporal(): AppDeps {
  let orm: Orm | undefined;
  let deps: AppDeps | undefined;
  beforeAll(async () => {
    orm = await createOrm(testConfig(), { poolMax: 1 });
    const logger = memoryLogger().logger;
    deps = {
      ...createRequestPathState({ orm, logger }),
      config: testConfig(),
      logger,
      orm,
      mailer: createUnconfiguredMailer(),
      version: 'test',
      healthChecks: [],
      clock: systemClock,
    };
  });
  afterAll(() => orm?.close());
  return standIn(() => deps ?? notYet());
}

function notYet(): never {
  throw new Error('useAppDepsWithoutTemporal: the dependencies are made in a beforeAll hook; read them in a test');
}
