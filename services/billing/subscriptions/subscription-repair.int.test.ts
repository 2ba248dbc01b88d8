import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { dropTenantSchema } from '../../../infra/db/tenant-schema';
import { newId } from '../../../infra/ids';
import { insertSubscriptionRow } from '../../../test/fixtures/subscription-rows';
import { createTestOrm } from '../../../test/harness/database';
import { memoryLogger } from '../../../test/harness/http-server';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { repairUnstartedSubscriptions } from './subscription-repair';
import type { StartableSubscription } from './workflow-starter';

/**
 * The repair pass that every API process runs every few seconds must cost what its work costs, not what the tenant
 * count costs (issue 15): these tests count the statements one pass sends to PostgreSQL.
 */
describe('subscription repair', () => {
  let orm: Orm;
  const config = loadConfig();

  beforeAll(async () => {
    orm = await createTestOrm();
  });
  afterAll(() => orm.close());

  /** Runs one pass with a starter that only records what it is asked to start. */
  async function repairOnce(olderThanMs: number) {
    const starts: StartableSubscription[] = [];
    const report = await repairUnstartedSubscriptions({
      orm,
      start: (subscription) => {
        starts.push(subscription);
        return Promise.resolve();
      },
      logger: memoryLogger().logger,
      olderThanMs,
    });
    return { report, starts };
  }

  /** The statements one pass sends. Every statement of this ORM goes through its connection's `execute`. */
  async function statementsOfOnePass(olderThanMs: number): Promise<string[]> {
    const statements: string[] = [];
    const connection = orm.em.getConnection();
    const execute = connection.execute.bind(connection);
    const spy = jest.spyOn(connection, 'execute').mockImplementation((query, ...rest) => {
      statements.push(typeof query === 'string' ? query : '(a built query)');
      return execute(query, ...rest);
    });
    try {
      const { starts } = await repairOnce(olderThanMs);
      expect(starts).toEqual([]);
      return statements;
    } finally {
      spy.mockRestore();
    }
  }

  test('a pass with no pending work sends the same few statements however many tenants there are', async () => {
    // An hour: other test files sharing the database create pending subscriptions, but none that old.
    const olderThanMs = 3_600_000;
    const before = await statementsOfOnePass(olderThanMs);
    for (let n = 0; n < 40; n += 1) await createTenantFixture(orm, config);
    const after = await statementsOfOnePass(olderThanMs);
    expect(after).toEqual(before);
    expect(after.length).toBeLessThanOrEqual(1);
  });

  const sql = <T>(text: string, params: (string | null)[] = []) => orm.em.getConnection().execute<T[]>(text, params);
  /** An index entry two hours old, past any grace period the test asks for. */
  const enterPending = (tenantId: string, subscriptionId: string) =>
    sql(
      `insert into central.pending_subscription_starts (tenant_id, subscription_id, created_at)
       values (?, ?, now() - interval '2 hours')`,
      [tenantId, subscriptionId],
    );
  const isPending = async (tenantId: string, subscriptionId: string) =>
    (
      await sql('select 1 from central.pending_subscription_starts where tenant_id = ? and subscription_id = ?', [
        tenantId,
        subscriptionId,
      ])
    ).length > 0;
  /** A subscription row whose start is already recorded, as an API process older than the index leaves it. */
  const insertStartedSubscription = (tenant: TenantFixture) =>
    insertSubscriptionRow(sql, tenant.tenantId, { started: true });

  test('drops entries with nothing to start: a vanished tenant or schema, an unknown or already started subscription', async () => {
    const [live, schemaless, deleted] = [
      await createTenantFixture(orm, config),
      await createTenantFixture(orm, config),
      await createTenantFixture(orm, config),
    ];
    const started = await insertStartedSubscription(live);
    const [unknown, inDroppedSchema, ofDeletedTenant] = [
      newId('subscription'),
      newId('subscription'),
      newId('subscription'),
    ];
    await enterPending(live.tenantId, started);
    await enterPending(live.tenantId, unknown);
    await enterPending(schemaless.tenantId, inDroppedSchema);
    await enterPending(deleted.tenantId, ofDeletedTenant);
    await dropTenantSchema({ orm, tenantId: schemaless.tenantId });
    await sql('delete from central.tenants where id = ?', [deleted.tenantId]);
    // The tenant's delete takes its entries with it (on delete cascade).
    expect(await isPending(deleted.tenantId, ofDeletedTenant)).toBe(false);

    const { report, starts } = await repairOnce(3_600_000);
    // Other test files' passes may have dropped some of them first: the end state is what counts.
    expect(report.failed).toEqual([]);
    expect(starts.map((start) => start.subscriptionId)).toEqual([]);
    expect(await isPending(live.tenantId, started)).toBe(false);
    expect(await isPending(live.tenantId, unknown)).toBe(false);
    expect(await isPending(schemaless.tenantId, inDroppedSchema)).toBe(false);
  });
});
