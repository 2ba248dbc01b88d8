import { noCanceledCheckoutNotice } from '../../../services/payments/checkout';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { parseDecimal } from '../../../domain/money';
import { createTestOrm } from '../../../test/harness/database';
import { memoryLogger } from '../../../test/harness/http-server';
import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import { newId } from '../../../infra/ids';
import { createCreditNote, voidCreditNote } from '../../billing/credit-notes';
import { createManualInvoice, finalizeInvoice } from '../../billing/invoices';
import { voidInvoice } from '../settlement';
import { startPendingDunning } from './dunning-starts';

const NOW = new Date('2026-05-04T09:00:00Z');

/** An OPEN invoice's dunning start is recorded with its finalize and survives until a start succeeds. */
describe('pending dunning starts', () => {
  let orm: Orm;
  const config = loadConfig();
  beforeAll(async () => {
    orm = await createTestOrm();
  });
  afterAll(() => orm.close());

  async function draftInvoice(tenantId: string, options: { onTestClock?: boolean } = {}) {
    const sql = tenantSql(orm, tenantId);
    const quantity = parseDecimal('1');
    if (!quantity.ok) throw new Error('decimal');
    const customerId = newId('customer');
    const clockId = options.onTestClock === true ? newId('testClock') : null;
    if (clockId !== null) {
      await sql.query(`insert into ${sql.table('test_clocks')} (id, frozen_time) values (?, ?)`, [clockId, NOW]);
    }
    await sql.query(
      `insert into ${sql.table('customers')} (id, external_id, email, currency, test_clock_id)
       values (?, ?, 'ap@example.com', 'USD', ?)`,
      [customerId, customerId, clockId],
    );
    const created = await createManualInvoice(sql, {
      customerId,
      items: [{ description: 'Consulting', quantity: quantity.value, unitAmount: 80 }],
      now: NOW,
    });
    if (!created.ok) throw new Error(created.error.code);
    return { sql, invoice: created.value };
  }

  const pendingOf = async (tenantId: string) =>
    (
      await orm.em
        .getConnection()
        .execute<{ invoice_id: string }[]>(
          'select invoice_id from central.pending_dunning_starts where tenant_id = ?',
          [tenantId],
        )
    ).map((row) => row.invoice_id);

  it('records an invoice finalized OPEN, keeps it while starts fail, clears it once started', async () => {
    const { tenantId } = await createTenantFixture(orm, config);
    const { sql, invoice } = await draftInvoice(tenantId);
    expect(await pendingOf(tenantId)).toEqual([]);
    expect((await finalizeInvoice(sql, invoice.id, NOW)).ok).toBe(true);
    expect(await pendingOf(tenantId)).toEqual([invoice.id]);

    const { logger } = memoryLogger();
    const failing = () => Promise.reject(new Error('Temporal unreachable'));
    expect(await startPendingDunning({ orm, start: failing, logger, tenantId })).toEqual({
      started: [],
      failed: [invoice.id],
    });
    expect(await pendingOf(tenantId)).toEqual([invoice.id]);

    const starts: unknown[] = [];
    const start = (input: unknown) => {
      starts.push(input);
      return Promise.resolve();
    };
    expect(await startPendingDunning({ orm, start, logger, tenantId })).toEqual({ started: [invoice.id], failed: [] });
    expect(starts).toEqual([{ tenantId, invoiceId: invoice.id }]);
    expect(await pendingOf(tenantId)).toEqual([]);
    expect(await startPendingDunning({ orm, start, logger, tenantId })).toEqual({ started: [], failed: [] });
  });

  it('tells the ladder of a test clock customer’s invoice that it is on a clock, whether finalized or reopened', async () => {
    const { tenantId } = await createTenantFixture(orm, config);
    const onClock = await draftInvoice(tenantId, { onTestClock: true });
    const ordinary = await draftInvoice(tenantId);
    const starts: unknown[] = [];
    const start = (input: unknown) => {
      starts.push(input);
      return Promise.resolve();
    };
    const { logger } = memoryLogger();
    for (const { sql, invoice } of [onClock, ordinary]) {
      expect((await finalizeInvoice(sql, invoice.id, NOW)).ok).toBe(true);
      await startPendingDunning({ orm, start, logger, tenantId });
    }
    const note = await createCreditNote(onClock.sql, {
      invoiceId: onClock.invoice.id,
      reason: 'DUPLICATE',
      amountMinor: 8000n,
      finalize: true,
      now: NOW,
    });
    if (!note.ok) throw new Error('credit note refused');
    expect((await voidCreditNote(onClock.sql, note.value.id, NOW)).ok).toBe(true);
    await startPendingDunning({ orm, start, logger, tenantId });
    expect(starts).toEqual([
      { tenantId, invoiceId: onClock.invoice.id, onTestClock: true },
      { tenantId, invoiceId: ordinary.invoice.id },
      { tenantId, invoiceId: onClock.invoice.id, onTestClock: true },
    ]);
  });

  it('records nothing for a draft voided before it was finalized', async () => {
    const { tenantId } = await createTenantFixture(orm, config);
    const { sql, invoice } = await draftInvoice(tenantId);
    expect((await voidInvoice(sql, invoice.id, NOW, noCanceledCheckoutNotice)).ok).toBe(true);
    expect((await finalizeInvoice(sql, invoice.id, NOW)).ok).toBe(false);
    expect(await pendingOf(tenantId)).toEqual([]);
  });

  it('records an invoice reopened by a voided credit note, not one it settles', async () => {
    const { tenantId } = await createTenantFixture(orm, config);
    const { sql, invoice } = await draftInvoice(tenantId);
    expect((await finalizeInvoice(sql, invoice.id, NOW)).ok).toBe(true);
    const start = () => Promise.resolve();
    await startPendingDunning({ orm, start, logger: memoryLogger().logger, tenantId });
    const note = await createCreditNote(sql, {
      invoiceId: invoice.id,
      reason: 'DUPLICATE',
      amountMinor: 8000n,
      finalize: true,
      now: NOW,
    });
    if (!note.ok) throw new Error('credit note refused');
    expect(await pendingOf(tenantId)).toEqual([]);
    expect((await voidCreditNote(sql, note.value.id, NOW)).ok).toBe(true);
    expect(await pendingOf(tenantId)).toEqual([invoice.id]);
  });
});
