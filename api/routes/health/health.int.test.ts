import { createApp } from '../../app';
import { createRequestPathState } from '../../app-deps';
import { systemClock } from '../../../infra/clock';
import { createOrm, type Orm } from '../../../infra/db/orm';
import { createUnconfiguredMailer } from '../../../infra/mail';
import { findFreePort } from '../../../infra/net/wait-for-port';
import { createTemporalHealthConnection } from '../../../infra/temporal/connection';
import { memoryLogger, serve, testConfig } from '../../../test/harness/http-server';
import { dependencyHealthChecks } from './dependency-checks';

/** Serves an app whose health probes use the given ORM and Temporal address, and returns GET <path>. */
async function healthOf(orm: Orm, temporalAddress: string, path = '/api/health') {
  const config = testConfig();
  const temporalConnection = createTemporalHealthConnection({
    temporal: { ...config.temporal, address: temporalAddress },
  });
  const healthChecks = dependencyHealthChecks({ orm, temporalConnection, namespace: config.temporal.namespace });
  const server = await serve(
    createApp({
      ...createRequestPathState({ orm, logger: memoryLogger().logger }),
      config,
      logger: memoryLogger().logger,
      orm,
      mailer: createUnconfiguredMailer(),
      version: 'test',
      healthChecks,
      clock: systemClock,
    }),
  );
  try {
    const response = await fetch(`${server.url}${path}`);
    return { status: response.status, body: await response.json() };
  } finally {
    await server.close();
    await temporalConnection.close();
  }
}

describe('health checks against real dependencies', () => {
  let orm: Orm;
  beforeAll(async () => {
    orm = await createOrm(testConfig(), { poolMax: 2 });
  });
  afterAll(() => orm.close());

  it.each(['/health', '/api/health'])('answers %s 200 when PostgreSQL and Temporal both answer', async (path) => {
    const { status, body } = await healthOf(orm, testConfig().temporal.address, path);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok', checks: { database: 'ok', temporal: 'ok' } });
  });

  it('answers 503 naming temporal when Temporal is down', async () => {
    const { status, body } = await healthOf(orm, `127.0.0.1:${await findFreePort()}`);
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'error',
      statusCode: 503,
      error: 'dependency_unavailable',
      message: 'Unavailable: temporal',
      checks: { database: 'ok', temporal: 'error' },
    });
  });

  it('answers 503 naming database when PostgreSQL is down', async () => {
    const deadOrm = await createOrm(
      testConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await findFreePort()}/x` }),
    );
    try {
      const { status, body } = await healthOf(deadOrm, testConfig().temporal.address);
      expect(status).toBe(503);
      expect(body).toMatchObject({ message: 'Unavailable: database', checks: { database: 'error', temporal: 'ok' } });
    } finally {
      await deadOrm.close();
    }
  });
});
