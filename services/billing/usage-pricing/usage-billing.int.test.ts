import type { Orm } from '../../../infra/db/orm';
import { toCurrencyCode } from '../../../domain/money';
import { requireId } from '../../../domain/ids';
import { loadConfig } from '../../../infra/config';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createUsageCatalog, repeated, type UsageCatalog } from '../../../test/fixtures/usage-catalog';
import { closeUsageSegment, finalizeInvoice, findInvoice } from '../invoices';
import { createPlan } from '../../catalog/plans';
import { computeSegmentUsage, readOpenPeriodUsage, type UsageSegmentRequest } from './index';

const USD = toCurrencyCode('USD');
const JAN = new Date('2026-01-01T00:00:00Z');
const FEB = new Date('2026-02-01T00:00:00Z');
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));
const lineSummary = (lines: readonly { description: string; quantity: string; amountMinor: bigint }[]) =>
  lines.map((line) => [line.description, line.quantity, line.amountMinor]);

describe('usage billing on PostgreSQL (segments, closes, late events, the open period)', () => {
  let orm: Orm;
  let sql: TenantSql;
  let catalog: UsageCatalog;

  beforeAll(async () => {
    orm = await createTestOrm();
    const { tenantId } = await createTenantFixture(orm, loadConfig());
    sql = tenantSql(orm, tenantId);
    catalog = createUsageCatalog(sql);
  });
  afterAll(() => orm.close());

  async function plan(options: { gracePeriodDays?: number } = {}): Promise<string> {
    const created = await createPlan(sql, {
      code: `metered-${newId('plan').slice(5).toLowerCase()}`,
      name: 'Metered',
      description: null,
      billingInterval: 'MONTHLY',
      billingTiming: 'IN_ARREARS',
      trialDays: 0,
      netPaymentTerms: null,
      invoiceGracePeriodDays: options.gracePeriodDays ?? null,
      features: [],
      isActive: true,
      prices: [{ amount: 3000n, currency: USD }],
    });
    if (!created.ok) throw new Error(created.error);
    return created.value.id;
  }

  async function subscription(planId: string, status: 'ACTIVE' | 'PAUSED' | 'TRIALING' = 'ACTIVE') {
    const customerId = newId('customer');
    await sql.query(
      `insert into ${sql.table('customers')} (id, external_id, email, currency) values (?, ?, ?, 'USD')`,
      [customerId, customerId, `${customerId.toLowerCase()}@example.com`],
    );
    const id = newId('subscription');
    const trial = status === 'TRIALING';
    await sql.query(
      `insert into ${sql.table('subscriptions')} (id, customer_id, plan_id, currency, status, start_date, billing_anchor,
         trial_start, trial_end, current_period_start, current_period_end, paused_at)
       values (?, ?, ?, 'USD', ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        customerId,
        planId,
        status,
        JAN,
        JAN,
        trial ? JAN : null,
        trial ? FEB : null,
        JAN,
        FEB,
        status === 'PAUSED' ? at(20) : null,
      ],
    );
    return { id, customerId };
  }

  /** API calls (COUNT, region filter: eu 0.05, the rest 0.01, minimum 5.00) and payments (1 % + 0.10 in 0.50..5.00). */
  async function meteredPlan(options: { gracePeriodDays?: number } = {}) {
    const planId = await plan(options);
    const { calls, payments } = await catalog.meteredCharges(planId);
    return { planId, calls, payments };
  }

  const januaryOf = (subscriptionId: string, planId: string, to = FEB): UsageSegmentRequest => ({
    subscriptionId,
    planId,
    from: JAN,
    to,
    periodStart: JAN,
    periodEnd: FEB,
    currency: USD,
    timeZone: 'UTC',
  });

  it('prices each charge filter, the rest and the minimum true-up, and PERCENTAGE 7.60 from 10, 200 and 1,000', async () => {
    const { planId, calls, payments } = await meteredPlan();
    const owner = await subscription(planId);
    const other = await subscription(planId);
    await catalog.events(owner, [
      ...repeated(10, { code: calls, timestamp: at(3), properties: { region: 'eu' } }),
      ...repeated(20, { code: calls, timestamp: at(4), properties: { region: 'us' } }),
      ...repeated(5, { code: calls, timestamp: at(5) }),
      { code: payments, timestamp: at(6), properties: { amount: '10.00' } },
      { code: payments, timestamp: at(7), properties: { amount: 200 } },
      { code: payments, timestamp: at(8), properties: { amount: '1000.00' } },
      // Outside [Jan 1, Feb 1), or another subscription's: not billed.
      { code: calls, timestamp: new Date('2025-12-31T23:59:59Z'), properties: { region: 'eu' } },
      { code: calls, timestamp: FEB, properties: { region: 'eu' } },
    ]);
    await catalog.events(other, repeated(7, { code: calls, timestamp: at(3), properties: { region: 'eu' } }));

    const usage = await computeSegmentUsage(sql, januaryOf(owner.id, planId));
    expect(lineSummary(usage.lines)).toEqual([
      ['API calls (region: eu)', '10', 50n],
      ['API calls (other)', '25', 25n],
      ['API calls (minimum 5.00)', '1', 425n],
      ['Payment fees', '1210', 760n],
    ]);
    expect(usage.lines.map((line) => [line.unitAmount, line.periodStart, line.periodEnd])).toEqual([
      ['0.05', JAN, FEB],
      ['0.01', JAN, FEB],
      ['4.25', JAN, FEB],
      ['0.006280991736', JAN, FEB],
    ]);
    expect(usage.amountMinor).toBe(1260n);
  });

  it('prorates the minimum for a segment and prices only the segment’s events', async () => {
    const { planId, calls } = await meteredPlan();
    const owner = await subscription(planId);
    await catalog.events(owner, [
      ...repeated(4, { code: calls, timestamp: at(10), properties: { region: 'us' } }),
      ...repeated(4, { code: calls, timestamp: at(20), properties: { region: 'us' } }),
    ]);
    // Jan 1 → Jan 16 is 15 of 31 days: a minimum of 5.00 × 15/31 = 2.42.
    const usage = await computeSegmentUsage(sql, januaryOf(owner.id, planId, at(16, 9)));
    expect(lineSummary(usage.lines)).toEqual([
      ['API calls (other)', '4', 4n],
      ['API calls (minimum 2.42)', '1', 238n],
    ]);
  });

  it('closes a segment once: the invoice and its usage_segments row together, a retry returns the same invoice', async () => {
    const { planId, calls } = await meteredPlan();
    const owner = await subscription(planId);
    await catalog.events(owner, repeated(600, { code: calls, timestamp: at(2), properties: { region: 'us' } }));
    const close = () =>
      closeUsageSegment(sql, {
        invoice: {
          customerId: owner.customerId,
          currency: USD,
          subscriptionId: owner.id,
          planId,
          lines: [],
          idempotencyKey: `${owner.id}:usage:${JAN.toISOString()}`,
          autoFinalize: true,
          now: FEB,
        },
        usage: januaryOf(owner.id, planId),
      });
    const first = await close();
    await catalog.events(owner, repeated(5, { code: calls, timestamp: at(3), properties: { region: 'eu' } }));
    const again = await close();
    expect(again?.id).toBe(first?.id);
    expect(first?.lines.map((line) => [line.type, line.amountMinor])).toEqual([['USAGE', 600n]]);
    expect(first?.status).toBe('OPEN');
    const segments = await sql.query<{ invoice_id: string; plan_id: string }>(
      `select invoice_id, plan_id from ${sql.table('usage_segments')} where subscription_id = ?`,
      [owner.id],
    );
    expect(segments).toEqual([{ invoice_id: first?.id, plan_id: planId }]);
    const invoices = await sql.query(`select id from ${sql.table('invoices')} where subscription_id = ?`, [owner.id]);
    expect(invoices).toHaveLength(1);
  });

  it('records a segment that bills nothing without an invoice', async () => {
    const planId = await plan();
    const owner = await subscription(planId);
    const invoice = await closeUsageSegment(sql, {
      invoice: {
        customerId: owner.customerId,
        currency: USD,
        subscriptionId: owner.id,
        planId,
        lines: [],
        idempotencyKey: `${owner.id}:usage:empty`,
        autoFinalize: true,
        now: FEB,
      },
      usage: januaryOf(owner.id, planId),
    });
    expect(invoice).toBeNull();
    expect(
      await sql.query(`select invoice_id from ${sql.table('usage_segments')} where subscription_id = ?`, [owner.id]),
    ).toEqual([{ invoice_id: null }]);
  });

  it('waits for an event batch holding the subscription row, and bills its events', async () => {
    const { planId, calls } = await meteredPlan();
    const owner = await subscription(planId);
    let releaseBatch: () => void = () => undefined;
    const batchHeld = new Promise<void>((resolve) => {
      releaseBatch = resolve;
    });
    let locked: () => void = () => undefined;
    const rowShared = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // Ingestion's protocol: share-lock the batch's subscriptions, insert, commit.
    const batch = sql.transactional(async (transaction) => {
      await sql.query(`select id from ${sql.table('subscriptions')} where id = ? for share`, [owner.id], transaction);
      locked();
      await batchHeld;
      const id = newId('usageEvent');
      await sql.query(
        `insert into ${sql.table('events')} (id, transaction_id, subscription_id, customer_id, code, timestamp)
         values (?, ?, ?, ?, ?, ?)`,
        [id, id, owner.id, owner.customerId, calls, at(9)],
        transaction,
      );
    });
    await rowShared;
    const closing = closeUsageSegment(sql, {
      invoice: {
        customerId: owner.customerId,
        currency: USD,
        subscriptionId: owner.id,
        planId,
        lines: [],
        idempotencyKey: `${owner.id}:usage:race`,
        autoFinalize: true,
        now: FEB,
      },
      usage: januaryOf(owner.id, planId),
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    releaseBatch();
    await batch;
    const invoice = await closing;
    expect(invoice?.lines.map((line) => [line.description, line.quantity])).toEqual([
      ['API calls (other)', '1'],
      ['API calls (minimum 5.00)', '1'],
    ]);
  });

  it('prices a held DRAFT’s usage again at finalize, so a late event is billed', async () => {
    const { planId, calls } = await meteredPlan({ gracePeriodDays: 3 });
    const owner = await subscription(planId);
    await catalog.events(owner, repeated(600, { code: calls, timestamp: at(2), properties: { region: 'us' } }));
    const draft = await closeUsageSegment(sql, {
      invoice: {
        customerId: owner.customerId,
        currency: USD,
        subscriptionId: owner.id,
        planId,
        lines: [
          {
            type: 'SUBSCRIPTION',
            description: 'Metered',
            quantity: '1',
            unitAmount: '30',
            amountMinor: 3000n,
            periodStart: JAN,
            periodEnd: FEB,
          },
        ],
        idempotencyKey: `${owner.id}:base:late`,
        autoFinalize: true,
        now: FEB,
      },
      usage: januaryOf(owner.id, planId),
    });
    expect(draft).toMatchObject({ status: 'DRAFT', totalMinor: 3600n });
    // Accepted during the grace period (its segment's invoice is still a DRAFT).
    await catalog.events(owner, repeated(100, { code: calls, timestamp: at(31, 23), properties: { region: 'eu' } }));
    const finalized = await finalizeInvoice(
      sql,
      requireId('invoice', draft?.id ?? ''),
      new Date('2026-02-02T00:00:00Z'),
    );
    if (!finalized.ok) throw new Error(JSON.stringify(finalized.error));
    expect(finalized.value).toMatchObject({
      status: 'OPEN',
      subtotalMinor: 4100n,
      totalMinor: 4100n,
      amountDueMinor: 4100n,
    });
    expect(finalized.value.lines.map((line) => [line.type, line.description, line.amountMinor])).toEqual([
      ['SUBSCRIPTION', 'Metered', 3000n],
      ['USAGE', 'API calls (region: eu)', 500n],
      ['USAGE', 'API calls (other)', 600n],
    ]);
    expect(finalized.value.number).not.toBeNull();
    const stored = await findInvoice(sql, requireId('invoice', draft?.id ?? ''));
    expect(stored?.lines).toEqual(finalized.value.lines);
  });

  it('shows the open period from the last closed segment, the trial while TRIALING, and refuses PAUSED', async () => {
    const { planId, calls } = await meteredPlan();
    const owner = await subscription(planId);
    await catalog.events(owner, [
      ...repeated(3, { code: calls, timestamp: at(5), properties: { region: 'eu' } }),
      ...repeated(700, { code: calls, timestamp: at(20), properties: { region: 'us' } }),
    ]);
    const whole = await readOpenPeriodUsage(sql, owner.id);
    expect(whole).toMatchObject({ periodStart: JAN, periodEnd: FEB, currency: 'USD', amountMinor: 715n });
    expect(whole.charges[0]).toMatchObject({
      units: { numerator: 703n, denominator: 1n },
      amountMinor: 715n,
      filters: [{ values: ['eu'], units: { numerator: 3n, denominator: 1n }, amountMinor: 15n }],
    });
    // A plan change on Jan 16 closed the segment: the open one starts there.
    await sql.query(
      `insert into ${sql.table('usage_segments')} (subscription_id, segment_start, segment_end, period_start,
         period_end, plan_id) values (?, ?, ?, ?, ?, ?)`,
      [owner.id, JAN, at(16, 0), JAN, FEB, planId],
    );
    const rest = await readOpenPeriodUsage(sql, owner.id);
    expect(rest.charges[0]?.filters[0]?.units).toEqual({ numerator: 0n, denominator: 1n });
    expect(rest.charges[0]).toMatchObject({ units: { numerator: 700n, denominator: 1n }, amountMinor: 700n });

    const trialing = await subscription(planId, 'TRIALING');
    expect(await readOpenPeriodUsage(sql, trialing.id)).toMatchObject({ periodStart: JAN, periodEnd: FEB });
    const paused = await subscription(planId, 'PAUSED');
    await expect(readOpenPeriodUsage(sql, paused.id)).rejects.toMatchObject({ code: 'no_open_period' });
    await expect(readOpenPeriodUsage(sql, newId('subscription'))).rejects.toMatchObject({
      code: 'subscription_not_found',
    });
  });
});
