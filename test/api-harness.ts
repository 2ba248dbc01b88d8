import type { Config } from '../infra/config';
import { createOrm, type Orm } from '../infra/db/orm';
import { createUnconfiguredMailer, type Mailer } from '../infra/mail';
import { createApp, type AppDeps } from '../api/app';
import type { HealthCheck } from '../api/routes/health/health-check';
import { memoryLogger, serve, testConfig } from './http-server';

export interface TestApi {
  url: string;
  orm: Orm;
  config: Config;
  logs: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

const healthy: HealthCheck[] = [
  { name: 'database', check: () => Promise.resolve() },
  { name: 'temporal', check: () => Promise.resolve() },
];

/**
 * The real app on a loopback port, on the run's test database. Pass `env` to change configuration (it goes through
 * loadConfig like production) and `mailer` to send through a test SMTP server.
 */
export async function startTestApi(
  options: { env?: Record<string, string>; mailer?: Mailer; healthChecks?: HealthCheck[] } = {},
): Promise<TestApi> {
  const config = testConfig(options.env);
  const orm = await createOrm(config, { poolMax: 4 });
  const log = memoryLogger();
  const deps: AppDeps = {
    config,
    logger: log.logger,
    orm,
    mailer: options.mailer ?? createUnconfiguredMailer(),
    healthChecks: options.healthChecks ?? healthy,
    version: 'test',
  };
  const server = await serve(createApp(deps));
  return {
    url: server.url,
    orm,
    config,
    logs: log.lines,
    close: async () => {
      await server.close();
      await orm.close();
    },
  };
}
