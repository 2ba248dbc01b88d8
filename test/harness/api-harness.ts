import type { Clock } from '../../domain/clock';
import { systemClock } from '../../infra/clock';
import type { Config } from '../../infra/config';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createUnconfiguredMailer, type Mailer } from '../../infra/mail';
import { createApp, type AppDeps } from '../../api/app';
import { createRequestPathState, lazyTemporal, type ApiTemporal, type RequestPathState } from '../../api/app-deps';
import type { HealthCheck } from '../../api/routes/health/health-check';
import { memoryLogger, serve, testConfig } from './http-server';

export interface TestApi {
  url: string;
  orm: Orm;
  config: Config;
  temporal: ApiTemporal;
  /** The app's API-key cache and request tally (flush the tally to read `central.request_counts` directly). */
  requestPath: RequestPathState;
  logs: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

const healthy: HealthCheck[] = [
  { name: 'database', check: () => Promise.resolve() },
  { name: 'temporal', check: () => Promise.resolve() },
];

/**
 * Every test file reaches its API from 127.0.0.1 and shares one database, so the per-IP and per-tenant windows
 * would leak between files: limits are out of reach unless a test sets them (rate-limit tests do).
 */
const TEST_RATE_LIMITS: Readonly<Record<string, string>> = {
  RATE_LIMIT_PER_MINUTE: '1000000',
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: '1000000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '1000000',
};

export interface StartTestApiOptions {
  env?: Record<string, string>;
  mailer?: Mailer;
  healthChecks?: HealthCheck[];
  /** Replaces parts of the app's Temporal access (e.g. a failing subscription workflow starter). */
  temporal?: Partial<ApiTemporal>;
  /** Business time of the app; the wall clock by default. */
  clock?: Clock;
  /** How often the request counts are written (5 s by default); a test of their flush makes it rare. */
  requestCountFlushMs?: number;
}

/**
 * The real app on a loopback port, on the run's test database. Pass `env` to change configuration (it goes through
 * loadConfig like production) and `mailer` to send through a test SMTP server.
 */
export async function startTestApi(options: StartTestApiOptions = {}): Promise<TestApi> {
  const config = testConfig({ ...TEST_RATE_LIMITS, ...options.env });
  const orm = await createOrm(config, { poolMax: 4 });
  const log = memoryLogger();
  // The run's dev server (loadConfig points TEMPORAL_ADDRESS at it); connected on first use only, so tests that
  // never touch workflows open no connection. Pass TEMPORAL_TASK_QUEUE in `env` to meet a test's own worker.
  const temporal: ApiTemporal = { ...lazyTemporal(config), ...options.temporal };
  const requestPath = createRequestPathState(
    { orm, logger: log.logger },
    options.requestCountFlushMs === undefined ? {} : { requestCountFlushMs: options.requestCountFlushMs },
  );
  const deps: AppDeps = {
    ...requestPath,
    config,
    logger: log.logger,
    orm,
    mailer: options.mailer ?? createUnconfiguredMailer(),
    healthChecks: options.healthChecks ?? healthy,
    version: 'test',
    temporal,
    clock: options.clock ?? systemClock,
  };
  const server = await serve(createApp(deps));
  return {
    url: server.url,
    orm,
    config,
    temporal,
    requestPath,
    logs: log.lines,
    close: async () => {
      await server.close();
      await requestPath.requestCounts.stop();
      await Promise.all([orm.close(), temporal.client.connection.close()]);
    },
  };
}
