import { toCurrencyCode } from '../../../domain/money';
import { loadConfig } from '../../../infra/config';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql, type TenantSql } from '../../../infra/db/tenant-sql';
import { newId } from '../../../infra/ids';
import { createTestOrm } from '../../../test/harness/database';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { createInvoice } from './create-invoice';
import { findInvoice, listInvoices } from './invoice-queries';
import { tenantSchemaSql } from '../../../test/harness/tenant-schema-sql';
import { insertCustomerRow } from '../../../test/fixtures/customer-rows';

const USD = toCurrencyCode('USD');
const NOW = new Date('2026-03-01T00:00:00.000Z');
/** Past 2^53: a float would round it. */
const HUGE_MINOR = 9_007_199_254_740_993n;

describe('an invoice page (issue 15: one statement)', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let store: TenantSql;

  beforeAll(async () => {
    orm = await createTestOrm({ poolMax: 4 });
  });
  afterAll(() => orm.close());
  beforeEach(async () => {
    tenant = await createTenantFixture(orm, loadConfig());
    store = tenantSql(orm, tenant.tenantId);
  });

  const sql = tenantSchemaSql(() => ({ orm, tenantId: tenant.tenantId }));
  /** Two coupon discounts on the invoice, stored in the reverse of their position order. */
  const addDiscounts = async (invoiceId: string, customerId: string) => {
    const discounts = [
      { code: 'SECOND', position: 1, amountMinor: '7' },
      { code: 'FIRST', position: 0, amountMinor: '5' },
    ];
    for (const discount of discounts) {
      const couponId = newId('coupon');
      const appliedId = newId('appliedCoupon');
      await sql(
        `insert into $schema.coupons (id, code, name, discount_type, amount_minor, currency, frequency)
         values (?, ?, 'Coupon', 'FIXED_AMOUNT', 100, 'USD', 'FOREVER')`,
        [couponId, discount.code],
      );
      await sql('insert into $schema.applied_coupons (id, coupon_id, customer_id) values (?, ?, ?)', [
        appliedId,
        couponId,
        customerId,
      ]);
      await sql(
        `insert into $schema.invoice_discounts (invoice_id, applied_coupon_id, coupon_code, position, amount_minor)
         values (?, ?, ?, ?, ?)`,
        [invoiceId, appliedId, discount.code, discount.position, discount.amountMinor],
      );
    }
  };
  /** Runs `work` and returns what it resolved to and the statements it sent. */
  const counted = async <T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> => {
    const execute = jest.spyOn(orm.em.getConnection(), 'execute');
    try {
      const result = await work();
      return { result, statements: execute.mock.calls.length };
    } finally {
      execute.mockRestore();
    }
  };

  it('reads the same records as one-by-one reads, lines and discounts in order and amounts exact, in one statement', async () => {
    const first = await insertCustomerRow(sql);
    const second = await insertCustomerRow(sql);
    const detailed = await createInvoice(store, {
      customerId: first,
      currency: USD,
      metadata: { order: '42' },
      lines: [
        {
          type: 'USAGE',
          description: 'API calls',
          quantity: '2.50',
          unitAmount: '0.000400000001',
          amountMinor: HUGE_MINOR,
          periodStart: new Date('2026-02-01T00:00:00.123Z'),
          periodEnd: NOW,
        },
        { type: 'MANUAL', description: 'Refund', quantity: '1', unitAmount: '-3', amountMinor: -300n },
      ],
      autoFinalize: false,
      now: NOW,
    });
    await addDiscounts(detailed.id, first);
    const plain = await createInvoice(store, {
      customerId: second,
      currency: USD,
      lines: [{ type: 'MANUAL', description: 'Setup', quantity: '1', unitAmount: '10', amountMinor: 1000n }],
      autoFinalize: false,
      now: NOW,
    });
    const third = await createInvoice(store, {
      customerId: first,
      currency: USD,
      lines: [{ type: 'MANUAL', description: 'Extra', quantity: '3', unitAmount: '1', amountMinor: 300n }],
      autoFinalize: false,
      now: NOW,
    });

    const page = await counted(() => listInvoices(store, { filter: {}, limit: 20, offset: 0 }));
    expect(page.statements).toBe(1);
    expect(page.result.total).toBe(3);
    const ids = page.result.records.map((record) => record.id);
    expect([...ids].sort()).toEqual([detailed.id, plain.id, third.id].sort());
    const oneByOne = await Promise.all(ids.map((id) => findInvoice(store, id)));
    expect(page.result.records).toEqual(oneByOne);
    const listed = page.result.records.find((record) => record.id === detailed.id);
    expect(listed?.lines.map((line) => [line.amountMinor, line.quantity, line.unitAmount, line.periodStart])).toEqual([
      [HUGE_MINOR, '2.5', '0.000400000001', new Date('2026-02-01T00:00:00.123Z')],
      [-300n, '1', '-3', null],
    ]);
    expect(listed?.discounts.map((discount) => [discount.couponCode, discount.amountMinor])).toEqual([
      ['FIRST', 5n],
      ['SECOND', 7n],
    ]);
    expect(listed?.metadata).toEqual({ order: '42' });

    // Pages of one, in turn, are the full page's order; filters apply to the page and its total.
    const singles = [];
    for (let offset = 0; offset < 3; offset += 1) {
      singles.push(...(await listInvoices(store, { filter: {}, limit: 1, offset })).records.map((record) => record.id));
    }
    expect(singles).toEqual(ids);
    const ofFirst = await listInvoices(store, { filter: { customerId: first }, limit: 20, offset: 0 });
    expect([ofFirst.total, ofFirst.records.map((record) => record.id).sort()]).toEqual([
      2,
      [detailed.id, third.id].sort(),
    ]);
  });

  it('brings the total of a page past the end in the same one statement', async () => {
    const customerId = await insertCustomerRow(sql);
    for (let index = 0; index < 2; index += 1) {
      await createInvoice(store, {
        customerId,
        currency: USD,
        lines: [{ type: 'MANUAL', description: 'Item', quantity: '1', unitAmount: '1', amountMinor: 100n }],
        autoFinalize: false,
        now: NOW,
      });
    }
    const past = await counted(() => listInvoices(store, { filter: {}, limit: 20, offset: 40 }));
    expect([past.statements, past.result]).toEqual([1, { records: [], total: 2 }]);
    const none = await counted(() =>
      listInvoices(store, { filter: { status: 'PAID', customerId }, limit: 20, offset: 0 }),
    );
    expect([none.statements, none.result]).toEqual([1, { records: [], total: 0 }]);
  });
});
