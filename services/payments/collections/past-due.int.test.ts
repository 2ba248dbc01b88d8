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

  async function reconcile(input: { tenantId: string; subscriptionId: string }, options: { failing?: boolean } = {}) {
    const signals: boolean[] = [];
    const signalPastDue = ({ pastDue }: { pastDue: boolean }) => {
      if (options.failing === true) return Promise.reject(new Error('Temporal unreachable'));
      signals.push(pastDue);
      return Promise.resolve();
    };
    const decision = await reconcilePastDue({ orm, clock: fixedClock(NOW), signalPastDue }, input);
    return { decision, signals };
  }

  /** What the subscription's workflow writes when it applies a signal. */
  const applied = (target: { tenantId: string; subscriptionId: string }, status: string) =>
    execute(`update "${tenantSchemaName(target.tenantId)}".subscriptions set status = ? where id = ?`, [
      status,
      target.subscriptionId,
    ]);
  const setInvoices = (target: { tenantId: string; subscriptionId: string }, status: string) =>
    execute(`update "${tenantSchemaName(target.tenantId)}".invoices set status = ? where subscription_id = ?`, [
      status,
      target.subscriptionId,
    ]);

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

  it('sends nothing again once the workflow has applied the standing last signalled', async () => {
    const target = await subscriptionWithInvoice({ status: 'OPEN', dueDate: '2026-03-09T00:00:00Z' });
    expect((await reconcile(target)).signals).toEqual([true]);
    // Not applied yet: the stored status lags, so the same standing is sent again (a repeat is a no-op).
    expect((await reconcile(target)).signals).toEqual([true]);
    await applied(target, 'PAST_DUE');
    expect(await reconcile(target)).toEqual({ decision: { pastDue: true }, signals: [] });
    await setInvoices(target, 'PAID');
    expect((await reconcile(target)).signals).toEqual([false]);
    await applied(target, 'ACTIVE');
    expect(await reconcile(target)).toEqual({ decision: { pastDue: false }, signals: [] });
  });

  it('sends a mark after a clear still in flight, though the stored status already says PAST_DUE', async () => {
    const target = await subscriptionWithInvoice({ status: 'OPEN', dueDate: '2026-03-09T00:00:00Z' });
    await reconcile(target);
    await applied(target, 'PAST_DUE');
    await setInvoices(target, 'PAID');
    expect((await reconcile(target)).signals).toEqual([false]);
    // The clear has not reached the workflow (still PAST_DUE) when the invoice is overdue again: the mark must follow
    // it, or the clear would win.
    await setInvoices(target, 'OPEN');
    expect((await reconcile(target)).signals).toEqual([true]);
  });

  it('records nothing when the signal fails, so the next reconciliation sends it', async () => {
    const target = await subscriptionWithInvoice({ status: 'OPEN', dueDate: '2026-03-09T00:00:00Z' }, 'PAST_DUE');
    await expect(reconcile(target, { failing: true })).rejects.toThrow('Temporal unreachable');
    expect((await reconcile(target)).signals).toEqual([true]);
    expect((await reconcile(target)).signals).toEqual([]);
  });

  it('does nothing for a subscription that does not exist', async () => {
    const { tenantId } = await createTenantFixture(orm, config);
    const result = await reconcile({ tenantId, subscriptionId: newId('subscription') });
    expect(result).toEqual({ decision: { pastDue: undefined }, signals: [] });
  });
});
