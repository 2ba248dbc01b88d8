import { join } from 'node:path';
import { createApp, type AppDeps } from '../app';
import { systemClock } from '../../infra/clock';
import { createOrm, type Orm } from '../../infra/db/orm';
import { createUnconfiguredMailer } from '../../infra/mail';
import { expectGoldenFile } from '../../test/golden-file';
import { memoryLogger, serve, testConfig } from '../../test/http-server';

let orm: Orm;
let deps: AppDeps;

beforeAll(async () => {
  orm = await createOrm(testConfig(), { poolMax: 1 });
  deps = {
    config: testConfig(),
    logger: memoryLogger().logger,
    orm,
    mailer: createUnconfiguredMailer(),
    version: 'golden',
    healthChecks: [],
    clock: systemClock,
  };
});
afterAll(() => orm.close());

describe('the served OpenAPI document', () => {
  // Refactors must not change the interface: any change to the document is a reviewed diff of the golden file.
  it('is byte-identical to the committed openapi.golden.json', async () => {
    const server = await serve(createApp(deps));
    try {
      const response = await fetch(`${server.url}/api/openapi.json`);
      expect(response.status).toBe(200);
      await expectGoldenFile(join(__dirname, 'openapi.golden.json'), await response.text());
    } finally {
      await server.close();
    }
  });
});
