import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestOrm, newTenantId } from '../test/harness/database';
import { testConfig } from '../test/harness/http-server';
import { createTenantFixture, type TenantFixture } from '../test/fixtures/tenant-fixture';
import type { Orm } from '../infra/db/orm';

const TENANT_CLI = resolve(__dirname, 'tenant.ts');

/** `npx tsx cli/tenant.ts ...` as an operator runs it, on the test database. */
function tenantCli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const config = testConfig();
  return new Promise((done) => {
    execFile(
      process.execPath,
      [require.resolve('tsx/cli'), TENANT_CLI, ...args],
      { env: { DATABASE_URL: config.databaseUrl, NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '100' } },
      (error, stdout, stderr) => {
        done({ code: error === null ? 0 : Number(error.code), stdout, stderr });
      },
    );
  });
}

describe('tenant command', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  const ownLimit = async (): Promise<number | null> => {
    const rows = await orm.em
      .getConnection()
      .execute<{ rate_limit_per_minute: number | null }[]>(
        'select rate_limit_per_minute from central.tenants where id = ?',
        [tenant.tenantId],
      );
    return rows[0]!.rate_limit_per_minute;
  };

  beforeAll(async () => {
    orm = await createTestOrm();
    tenant = await createTenantFixture(orm, testConfig());
  });
  afterAll(() => orm.close());

  it("sets a tenant's own rate limit and clears it with `default`, saying what changed", async () => {
    expect(await tenantCli('set-rate-limit', tenant.tenantId, '250')).toEqual({
      code: 0,
      stdout:
        `Tenant ${tenant.tenantId} (Test Company): rate limit set to 250 requests per minute, ` +
        'was the default (RATE_LIMIT_PER_MINUTE = 100)\n',
      stderr: '',
    });
    expect(await ownLimit()).toBe(250);

    const cleared = await tenantCli('set-rate-limit', tenant.tenantId, 'default');
    expect(cleared.stdout).toBe(
      `Tenant ${tenant.tenantId} (Test Company): rate limit set to the default (RATE_LIMIT_PER_MINUTE = 100), ` +
        'was 250 requests per minute\n',
    );
    expect(await ownLimit()).toBeNull();
  });

  it('exits 1 naming an unknown tenant', async () => {
    const unknown = newTenantId();
    expect(await tenantCli('set-rate-limit', unknown, '10')).toEqual({
      code: 1,
      stdout: '',
      stderr: `tenant: Unknown tenant "${unknown}": nothing changed\n`,
    });
  });

  // Each case spawns a process; they run side by side.
  it('exits 1 for a limit that is not a whole number from 1 to 2147483647, changing nothing', async () => {
    const results = await Promise.all(
      ['0', '-5', '1.5', 'ten', '2147483648', ''].map((value) => tenantCli('set-rate-limit', tenant.tenantId, value)),
    );
    for (const result of results) {
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('The limit must be a whole number of requests per minute from 1 to 2147483647');
    }
    expect(await ownLimit()).toBeNull();
  });

  it('exits 1 with the usage for a command line it does not understand', async () => {
    const cases: [string[], RegExp][] = [
      [[], /Usage: npm run tenant -- set-rate-limit/],
      [['delete', 'ten_x'], /Unknown command "delete"/],
      [['set-rate-limit', 'ten_x'], /set-rate-limit takes a tenant id and a limit/],
      [['set-rate-limit', 'ten_x', '5', 'extra'], /set-rate-limit takes a tenant id and a limit/],
    ];
    const results = await Promise.all(cases.map(([args]) => tenantCli(...args)));
    results.forEach((result, index) => {
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(cases[index]![1]);
    });
  });
});
