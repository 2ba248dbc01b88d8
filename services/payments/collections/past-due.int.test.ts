import { fixedClock } from '../../../domain/clock';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSchemaName } from '../../../infra/db/tenant-schema';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { insertSubscriptionRow } from '../../../test/fixtures/subscription-rows';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { reconcilePastDue } from './past-due';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('reconcilePastDue', () => {
  let orm: Orm;
  const config = loadConfig();
  beforeAll(async () => {
    orm = await createTestOrm();
  });
  afterAll(() => orm.close());

  const execute = (text: string, params: unknown[] = []) => orm.em.getConnection().execute(text, params, 'run');

  async function subscriptionWithInvoice(invoice: { status: string; dueDate: string } | null, status = 'ACTIVE') {
    const { tenantId } = await createTenantFixture(orm, config);
    const subscriptionId = await insertSubscriptionRow(execute, tenantId, { started: true });
    const schema = `"${tenantSchemaName(tenantId)}"`;
    await execute(`update ${schema}.subscriptions set status = ? where id = ?`, [status, subscriptionId]);
    if (invoice !== null) {
      await execute(
        `insert into ${schema}.invoices (id, status, customer_id, subscription_id, currency, due_date)
         select ?, ?, customer_id, id, 'USD', ? from ${schema}.subscriptions where id = ?`,
        [newId('invoice'), invoice.status, invoice.dueDate, subscriptionId],
      );
    }
    return { tenantId, subscriptionId };
  }

  async function reconcile(input: { tenantId: string; subscriptionId: string }) {
    const signals: boolean[] = [];
    const signalPastDue = ({ pastDue }: { pastDue: boolean }) => {
      signals.push(pastDue);
      return Promise.resolve();
    };
    const decision = await reconcilePastDue({ orm, clock: fixedClock(NOW), signalPastDue }, input);
    return { decision, signals };
  }

  it.each([
    ['an OPEN invoice past its due date', true, { status: 'OPEN', dueDate: '2026-03-09T00:00:00Z' }],
    ['an UNCOLLECTIBLE invoice past its due date', true, { status: 'UNCOLLECTIBLE', dueDate: '2026-02-01T00:00:00Z' }],
    ['an OPEN invoice due at this very instant', true, { status: 'OPEN', dueDate: NOW.toISOString() }],
    ['an OPEN invoice not yet due', false, { status: 'OPEN', dueDate: '2026-03-11T00:00:00Z' }],
    ['only a PAID invoice', false, { status: 'PAID', dueDate: '2026-03-01T00:00:00Z' }],
    ['only a VOIDED invoice', false, { status: 'VOIDED', dueDate: '2026-03-01T00:00:00Z' }],
    ['no invoice at all', false, null],
  ] as const)('with %s the subscription is past due: %s', async (_, expected, invoice) => {
    const { decision, signals } = await reconcile(await subscriptionWithInvoice(invoice));
    expect(decision).toEqual({ pastDue: expected });
    expect(signals).toEqual([expected]);
  });

  it('returns a PAST_DUE subscription to ACTIVE once nothing is overdue', async () => {
    const target = await subscriptionWithInvoice({ status: 'PAID', dueDate: '2026-03-01T00:00:00Z' }, 'PAST_DUE');
    expect((await reconcile(target)).signals).toEqual([false]);
  });

  it.each(['TRIALING', 'PAUSED', 'CANCELED'])('leaves a %s subscription alone', async (status) => {
    const target = await subscriptionWithInvoice({ status: 'OPEN', dueDate: '2026-03-01T00:00:00Z' }, status);
    expect(await reconcile(target)).toEqual({ decision: { pastDue: undefined }, signals: [] });
  });

  it('does nothing for a subscription that does not exist', async () => {
    const { tenantId } = await createTenantFixture(orm, config);
    const result = await reconcile({ tenantId, subscriptionId: newId('subscription') });
    expect(result).toEqual({ decision: { pastDue: undefined }, signals: [] });
  });
});
