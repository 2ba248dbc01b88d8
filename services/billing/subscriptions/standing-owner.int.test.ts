import { noCanceledCheckoutNotice } from '../../../services/payments/checkout';
import { requireId } from '../../../domain/ids';
import { parseDecimal, toCurrencyCode } from '../../../domain/money';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, tenantSqlWithin, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createLogger } from '../../../infra/logger';
import { createTestOrm } from '../../../test/harness/database';
import { insertSubscriptionRow } from '../../../test/fixtures/subscription-rows';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createCreditNote, finalizeCreditNote, voidCreditNote } from '../credit-notes';
import { createManualInvoice, findInvoice, finalizeInvoice, markInvoiceUncollectible } from '../invoices';
import { applyLifecycleAction } from '../subscription-billing';
import { pastDueStandingListener } from '../../payments/collections';
import { insertPendingPayment } from '../../payments/records';
import { markInvoicePaid, settleProviderPayment, voidInvoice } from '../../payments/settlement';
import { applyLifecycleChange } from './subscription-lifecycle';
import { listenForStandingChanges } from './standing-changes';
import type { CreditUnusedInput } from '../../../workflows/subscriptions/wire';

const NOW = new Date('2026-03-10T12:00:00Z');
const LONG_AGO = new Date('2026-02-01T00:00:00Z');
const AHEAD = new Date('2026-04-01T00:00:00Z');
const USD = toCurrencyCode('USD');

/**
 * Every path that changes an invoice ends in one owner of the subscription's standing: billing's standing port, with
 * payments' past-due listener on it (as the API and the worker run it), here with a recording signaller in place of
 * Temporal. Each path runs under the listener; the signals say what the subscription was told, after the commit.
 */
describe('the owner of a subscription’s standing after an invoice changes', () => {
  let orm: Orm;
  const config = loadConfig();
  const logger = createLogger({ level: 'silent', name: 'standing-owner-test' });
  let signals: { subscriptionId: string; pastDue: boolean }[];
  let subscriptionId: string;
  let customerId: string;
  let sql: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm();
  });
  afterAll(() => orm.close());

  beforeEach(async () => {
    signals = [];
    const { tenantId } = await createTenantFixture(orm, config);
    const execute = (text: string, params: unknown[] = []) => orm.em.getConnection().execute(text, params, 'run');
    subscriptionId = await insertSubscriptionRow(execute, tenantId, { started: true });
    sql = tenantSql(orm, tenantId);
    const row = await sql.one<{ customer_id: string }>(
      `select customer_id from ${sql.table('subscriptions')} where id = ?`,
      [subscriptionId],
    );
    customerId = row?.customer_id ?? '';
  });

  const listener = () =>
    pastDueStandingListener({
      orm,
      logger,
      signalPastDue: ({ subscriptionId: told, pastDue }) => {
        signals.push({ subscriptionId: told, pastDue });
        return Promise.resolve();
      },
    });
  /** Runs `work` as the API runs a request and the worker an activity: under payments' listener. */
  const listening = <T>(work: () => Promise<T>): Promise<T> => listenForStandingChanges(listener(), work);
  const told = (...pastDue: boolean[]) => pastDue.map((value) => ({ subscriptionId, pastDue: value }));

  /** A manual invoice of the subscription for `amount` (major units), a DRAFT until `finalize` says otherwise. */
  async function draftInvoice(dueDate: Date, amount = 10): Promise<string> {
    const quantity = parseDecimal('1');
    if (!quantity.ok) throw new Error('decimal');
    const items = [{ description: 'Consulting', quantity: quantity.value, unitAmount: amount }];
    const created = await createManualInvoice(sql, {
      customerId,
      subscriptionId,
      items,
      dueDate: { instant: dueDate },
      now: LONG_AGO,
    });
    if (!created.ok) throw new Error(created.error.code);
    return created.value.id;
  }

  /** An OPEN invoice, finalized where nobody listens: the path under test is what comes after. */
  async function openInvoice(dueDate: Date, amount = 10): Promise<string> {
    const id = await draftInvoice(dueDate, amount);
    expect((await finalizeInvoice(sql, requireId('invoice', id), LONG_AGO)).ok).toBe(true);
    return id;
  }

  const statusOf = async (invoiceId: string) => (await findInvoice(sql, requireId('invoice', invoiceId)))?.status;

  test('finalizing an invoice already past its due date makes the subscription past due; one not yet due tells nobody', async () => {
    const notYetDue = await draftInvoice(AHEAD);
    expect((await listening(() => finalizeInvoice(sql, requireId('invoice', notYetDue), NOW))).ok).toBe(true);
    expect(signals).toEqual([]);

    const overdue = await draftInvoice(LONG_AGO);
    expect((await listening(() => finalizeInvoice(sql, requireId('invoice', overdue), NOW))).ok).toBe(true);
    expect(signals).toEqual(told(true));
  });

  test('mark-paid of the overdue invoice: past due no more; of one not yet due: nobody told', async () => {
    const overdue = await openInvoice(LONG_AGO);
    const notYetDue = await openInvoice(AHEAD);
    await listening(() => markInvoicePaid(sql, requireId('invoice', notYetDue), NOW, noCanceledCheckoutNotice));
    expect(signals).toEqual([]);
    await listening(() => markInvoicePaid(sql, requireId('invoice', overdue), NOW, noCanceledCheckoutNotice));
    expect(signals).toEqual(told(false));
  });

  test('void of one overdue invoice while another stays overdue: still past due', async () => {
    const [first] = [await openInvoice(LONG_AGO), await openInvoice(LONG_AGO)];
    expect(
      (await listening(() => voidInvoice(sql, requireId('invoice', first), NOW, noCanceledCheckoutNotice))).ok,
    ).toBe(true);
    expect(signals).toEqual(told(true));
  });

  test('a credit note that settles the overdue invoice, then its void that reopens it', async () => {
    const overdue = await openInvoice(LONG_AGO);
    const draft = await listening(() =>
      createCreditNote(sql, { invoiceId: overdue, reason: 'DUPLICATE', amountMinor: 1000n, finalize: false, now: NOW }),
    );
    if (!draft.ok) throw new Error(JSON.stringify(draft.error));
    expect(signals).toEqual([]);

    expect((await listening(() => finalizeCreditNote(sql, draft.value.id, NOW))).ok).toBe(true);
    expect(await statusOf(overdue)).toBe('PAID');
    expect(signals).toEqual(told(false));

    expect((await listening(() => voidCreditNote(sql, draft.value.id, NOW))).ok).toBe(true);
    expect(await statusOf(overdue)).toBe('OPEN');
    expect(signals).toEqual(told(false, true));
  });

  test('a provider payment: a part leaves it overdue, the rest settles it, and a repeat report tells again', async () => {
    const overdue = await openInvoice(LONG_AGO);
    const pay = async (amountMinor: bigint) => {
      const paymentId = newId('payment');
      await sql.transactional((transaction) =>
        insertPendingPayment(sql, transaction, {
          id: paymentId,
          invoiceId: overdue,
          customerId,
          amountMinor,
          currency: USD,
          provider: 'STRIPE',
          providerId: 'pp_test',
          expiresAt: AHEAD,
          phoneNumber: null,
          successUrl: null,
          cancelUrl: null,
          callbackTokenHash: null,
          now: NOW,
        }),
      );
      const report = { paymentId, amountMinor, currency: USD, providerReference: `pi_${paymentId}`, now: NOW };
      return { settle: () => listening(() => settleProviderPayment(sql, report)) };
    };
    expect(await (await pay(400n)).settle()).toMatchObject({ outcome: 'applied', invoicePaid: false });
    expect(signals).toEqual([]);

    const rest = await pay(600n);
    expect(await rest.settle()).toMatchObject({ outcome: 'applied', invoicePaid: true });
    expect(signals).toEqual(told(false));
    // A repeat report has nothing new to tell once the listener told it.
    expect(await rest.settle()).toMatchObject({ outcome: 'already_settled' });
    expect(signals).toEqual(told(false));
    // Had the worker died after the first commit, before the listener ran, the standing would not be recorded as
    // told: the repeat tells it.
    await sql.query(`update ${sql.table('subscriptions')} set past_due_signalled = null where id = ?`, [
      subscriptionId,
    ]);
    expect(await rest.settle()).toMatchObject({ outcome: 'already_settled' });
    expect(signals).toEqual(told(false, false));
  });

  test('credit allocation in a lifecycle action settles two overdue invoices: told once, after its one commit', async () => {
    const [older, newer] = [await openInvoice(LONG_AGO), await openInvoice(LONG_AGO)];
    const tenantId = sql.tenantId;
    const credit: CreditUnusedInput = {
      tenantId,
      subscriptionId,
      customerId,
      currency: 'USD',
      timeZone: 'UTC',
      plan: {
        planId: newId('plan'),
        name: 'Pro',
        amountMinor: '2000',
        billingInterval: 'MONTHLY',
        billingTiming: 'IN_ADVANCE',
      },
      period: { start: '2026-03-10T00:00:00.000Z', end: '2026-04-10T00:00:00.000Z' },
      changeAt: '2026-03-10T00:00:00.000Z',
      invoicedMinor: '2000',
      creditedMinor: '0',
      invoices: [
        { invoiceId: newer, creditableMinor: '1000' },
        { invoiceId: older, creditableMinor: '1000' },
      ],
      idempotencyKey: `credit:${subscriptionId}`,
    };
    await listening(() =>
      applyLifecycleAction(
        { orm, logger },
        { tenantId, subscriptionId, steps: [{ activity: 'creditUnusedPeriod', input: credit }] },
      ),
    );
    expect([await statusOf(older), await statusOf(newer)]).toEqual(['PAID', 'PAID']);
    expect(signals).toEqual(told(false));
  });

  test('a resume: the subscription follows its invoices again, one overdue meanwhile makes it past due', async () => {
    await openInvoice(LONG_AGO);
    await sql.query(`update ${sql.table('subscriptions')} set status = 'PAUSED', paused_at = ? where id = ?`, [
      LONG_AGO,
      subscriptionId,
    ]);
    const change = { status: 'ACTIVE', pausedAt: null } as const;
    await listening(() =>
      applyLifecycleChange(sql, { subscriptionId, change, event: 'subscription.resumed', now: NOW }),
    );
    expect(signals).toEqual(told(true));
  });

  test('a write-off (OPEN to UNCOLLECTIBLE) leaves the invoice overdue: nobody told', async () => {
    const overdue = await openInvoice(LONG_AGO);
    expect((await listening(() => markInvoiceUncollectible(sql, requireId('invoice', overdue), NOW))).ok).toBe(true);
    expect(signals).toEqual([]);
  });

  test('a change that rolls back tells nobody; two changes in one transaction tell once', async () => {
    const [first, second] = [await openInvoice(LONG_AGO), await openInvoice(LONG_AGO)];
    const bothPaid = (then: () => void) =>
      listening(() =>
        sql.transactional(async (transaction) => {
          const within = tenantSqlWithin(orm, sql.tenantId, transaction);
          await markInvoicePaid(within, requireId('invoice', first), NOW, noCanceledCheckoutNotice);
          await markInvoicePaid(within, requireId('invoice', second), NOW, noCanceledCheckoutNotice);
          then();
        }),
      );
    await expect(
      bothPaid(() => {
        throw new Error('a later step failed');
      }),
    ).rejects.toThrow('a later step failed');
    expect([await statusOf(first), signals]).toEqual(['OPEN', []]);

    await bothPaid(() => undefined);
    expect(signals).toEqual(told(false));
  });

  test('where no listener runs (a command calling services directly), nobody is told', async () => {
    const overdue = await openInvoice(LONG_AGO);
    expect((await markInvoicePaid(sql, requireId('invoice', overdue), NOW, noCanceledCheckoutNotice)).ok).toBe(true);
    expect(signals).toEqual([]);
  });
});
