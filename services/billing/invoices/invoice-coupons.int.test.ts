import { toCurrencyCode, type CurrencyCode } from '../../../domain/money';
import { applyCoupon } from '../../catalog/coupons';
import type { CouponFrequency, CouponTerms } from '../../../domain/coupons';
import { createCoupon, deleteCoupon } from '../../catalog/coupons';
import { createCreditNote } from '../credit-notes';
import { newId } from '../../../infra/ids';
import { createInvoice, type NewInvoice, type NewInvoiceLine } from './create-invoice';
import { finalizeInvoice } from './finalize-invoice';
import { findInvoice, listInvoices } from './invoice-queries';
import { invoiceView } from './invoice-view';
import { setUpTenantStoreTest } from '../../../test/fixtures/tenant-store-test';
import { insertCustomerRow } from '../../../test/fixtures/customer-rows';

const USD = toCurrencyCode('USD');
const EUR = toCurrencyCode('EUR');
const NOW = new Date('2026-01-01T00:00:00.000Z');

const feeLine = (amountMinor: bigint, type: NewInvoiceLine['type'] = 'SUBSCRIPTION'): NewInvoiceLine => ({
  type,
  description: 'Pro plan',
  quantity: '1',
  unitAmount: (Number(amountMinor) / 100).toFixed(2),
  amountMinor,
});

describe('coupon discounts on invoices (infra)', () => {
  const { orm, store, sql } = setUpTenantStoreTest();

  const createPlan = async () => {
    const id = newId('plan');
    await sql("insert into $schema.plans (id, name, code, billing_interval) values (?, 'Pro', ?, 'MONTHLY')", [
      id,
      id.toLowerCase(),
    ]);
    return id;
  };
  const createSubscription = async (customerId: string, planId: string, currency: CurrencyCode = USD) => {
    const id = newId('subscription');
    await sql(
      `insert into $schema.subscriptions (id, customer_id, plan_id, currency, status, start_date, billing_anchor)
       values (?, ?, ?, ?, 'ACTIVE', ?, ?)`,
      [id, customerId, planId, currency, NOW, NOW],
    );
    return id;
  };
  let codes = 0;
  const applied = async (
    customerId: string,
    terms: CouponTerms,
    extra: { frequency?: CouponFrequency; frequencyDuration?: number; planIds?: string[] } = {},
  ) => {
    codes += 1;
    const coupon = await createCoupon(store, {
      code: `C${codes}`,
      name: `Coupon ${codes}`,
      description: null,
      terms,
      frequency: extra.frequency ?? 'FOREVER',
      frequencyDuration: extra.frequencyDuration ?? null,
      expiresAt: null,
      maxRedemptions: null,
      planIds: extra.planIds ?? [],
      isActive: true,
    });
    if (!coupon.ok) throw new Error(`coupon refused: ${JSON.stringify(coupon.error)}`);
    const application = await applyCoupon(store, {
      coupon: { couponId: coupon.value.id },
      customerId,
      now: new Date(),
    });
    if (!application.ok) throw new Error(`apply refused: ${JSON.stringify(application.error)}`);
    return { couponId: coupon.value.id, code: coupon.value.code, appliedCouponId: application.value.id };
  };
  const percent = (percentage: string): CouponTerms => ({ discountType: 'PERCENTAGE', percentage });
  const fixed = (amountMinor: bigint, currency: CurrencyCode = USD): CouponTerms => ({
    discountType: 'FIXED_AMOUNT',
    amountMinor,
    currency,
  });
  /** A subscription, its customer and plan: `invoice()` makes one of its period invoices. */
  const subscriber = async (currency: CurrencyCode = USD) => {
    const customerId = await insertCustomerRow(sql, { currency });
    const planId = await createPlan();
    const subscriptionId = await createSubscription(customerId, planId, currency);
    let periods = 0;
    const invoice = (extra: Partial<NewInvoice> = {}): NewInvoice => {
      periods += 1;
      return {
        customerId,
        currency,
        subscriptionId,
        planId,
        lines: [feeLine(2900n)],
        idempotencyKey: `${subscriptionId}:period:${periods}:base`,
        autoFinalize: false,
        now: NOW,
        ...extra,
      };
    };
    return { customerId, planId, subscriptionId, invoice };
  };
  const appliedCoupon = async (id: string) => {
    const [row] = await sql<{ status: string; remaining_periods: number | null; terminated_at: string | null }>(
      'select status, remaining_periods, terminated_at from $schema.applied_coupons where id = ?',
      [id],
    );
    return row && { ...row, terminated_at: row.terminated_at === null ? null : new Date(row.terminated_at) };
  };
  const discountRows = () => sql<{ invoice_id: string }>('select invoice_id from $schema.invoice_discounts');

  it('takes 20% off a 29.00 period fee (5.80), records it against the coupon and in invoice.created', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('20'));
    const created = await createInvoice(store, invoice());
    expect(created).toMatchObject({
      subtotalMinor: 2900n,
      discountMinor: 580n,
      discounts: [{ couponId: coupon.couponId, couponCode: coupon.code, amountMinor: 580n }],
      totalMinor: 2320n,
      amountDueMinor: 2320n,
    });
    expect(
      await sql('select applied_coupon_id, coupon_code, amount_minor::int as amount from $schema.invoice_discounts'),
    ).toEqual([{ applied_coupon_id: coupon.appliedCouponId, coupon_code: coupon.code, amount: 580 }]);
    const [event] = await sql<{ data: Record<string, unknown> }>(
      "select data from $schema.webhook_events where event_type = 'invoice.created'",
    );
    expect(event?.data).toMatchObject({
      subtotal: 29,
      discount: 5.8,
      discounts: [{ couponId: coupon.couponId, code: coupon.code, amount: 5.8 }],
      total: 23.2,
      amountDue: 23.2,
    });
    // Read back, and once finalized (the record every later event and response is built from), it is the same.
    expect(await findInvoice(store, created.id)).toEqual(created);
    const finalized = await finalizeInvoice(store, created.id, NOW);
    expect(finalized.ok && invoiceView(finalized.value).discounts).toEqual([
      { couponId: coupon.couponId, code: coupon.code, amount: 5.8 },
    ]);
  });

  it('a credit note that settles a discounted invoice records invoice.paid with its discounts', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('20'));
    const created = await createInvoice(store, invoice({ autoFinalize: true }));
    expect(created).toMatchObject({ status: 'OPEN', amountDueMinor: 2320n });

    const note = await createCreditNote(store, {
      invoiceId: created.id,
      reason: 'ORDER_CHANGE',
      amountMinor: 2320n,
      finalize: true,
      now: NOW,
    });

    expect(note.ok).toBe(true);
    const [event] = await sql<{ data: Record<string, unknown> }>(
      "select data from $schema.webhook_events where event_type = 'invoice.paid'",
    );
    expect(event?.data).toMatchObject({
      id: created.id,
      status: 'PAID',
      discount: 5.8,
      discounts: [{ couponId: coupon.couponId, code: coupon.code, amount: 5.8 }],
    });
  });

  it('keeps a FOREVER coupon ACTIVE and discounts every period', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('33.3333'));
    for (let period = 0; period < 3; period += 1) {
      expect(await createInvoice(store, invoice({ lines: [feeLine(1000n)] }))).toMatchObject({ discountMinor: 333n });
    }
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'ACTIVE', terminated_at: null });
  });

  it('a ONCE coupon discounts the first invoice only and is TERMINATED by it', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('20'), { frequency: 'ONCE' });
    expect(await createInvoice(store, invoice())).toMatchObject({ discountMinor: 580n, totalMinor: 2320n });
    expect(await createInvoice(store, invoice())).toMatchObject({ discountMinor: 0n, totalMinor: 2900n });
    expect(await appliedCoupon(coupon.appliedCouponId)).toEqual({
      status: 'TERMINATED',
      remaining_periods: null,
      terminated_at: NOW,
    });
  });

  it('a RECURRING coupon of 2 periods discounts exactly two invoices, counting down', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, fixed(500n), { frequency: 'RECURRING', frequencyDuration: 2 });
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'ACTIVE', remaining_periods: 2 });
    expect(await createInvoice(store, invoice())).toMatchObject({ discountMinor: 500n });
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'ACTIVE', remaining_periods: 1 });
    expect(await createInvoice(store, invoice())).toMatchObject({ discountMinor: 500n });
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'TERMINATED', remaining_periods: 0 });
    expect(await createInvoice(store, invoice())).toMatchObject({ discountMinor: 0n, totalMinor: 2900n });
    expect(await discountRows()).toHaveLength(2);
  });

  it('caps a fixed 50.00 at a 30.00 fee: nothing is due, so the invoice is PAID on creation', async () => {
    const { customerId, invoice } = await subscriber();
    await applied(customerId, fixed(5000n));
    const created = await createInvoice(store, invoice({ lines: [feeLine(3000n)], autoFinalize: true }));
    expect(created).toMatchObject({ discountMinor: 3000n, totalMinor: 0n, amountDueMinor: 0n, status: 'PAID' });
  });

  it('applies two coupons oldest first, the second capped at what the first left', async () => {
    const { customerId, invoice } = await subscriber();
    const first = await applied(customerId, percent('50'));
    const second = await applied(customerId, fixed(2000n));
    const created = await createInvoice(store, invoice());
    expect(created).toMatchObject({ discountMinor: 2900n, totalMinor: 0n });
    expect(created.discounts).toEqual([
      { couponId: first.couponId, couponCode: first.code, amountMinor: 1450n },
      { couponId: second.couponId, couponCode: second.code, amountMinor: 1450n },
    ]);
    expect(invoiceView(created)).toMatchObject({
      discount: 29,
      discounts: [
        { couponId: first.couponId, code: first.code, amount: 14.5 },
        { couponId: second.couponId, code: second.code, amount: 14.5 },
      ],
    });
  });

  it('breaks an uneven discount down per coupon, the parts summing exactly to the discount', async () => {
    const { customerId, invoice } = await subscriber();
    const third = await applied(customerId, percent('33.3333'));
    const fixedPart = await applied(customerId, fixed(1234n));
    const created = await createInvoice(store, invoice({ lines: [feeLine(9999n)] }));
    // 33.3333% of 99.99 = 33.329967 → 33.33; then the fixed 12.34.
    expect(created.discounts.map((each) => [each.couponId, each.amountMinor])).toEqual([
      [third.couponId, 3333n],
      [fixedPart.couponId, 1234n],
    ]);
    expect(created.discounts.reduce((sum, each) => sum + each.amountMinor, 0n)).toBe(created.discountMinor);
    expect(invoiceView(created)).toMatchObject({
      subtotal: 99.99,
      discount: 45.67,
      discounts: [{ amount: 33.33 }, { amount: 12.34 }],
      total: 54.32,
    });
  });

  it('lists invoices with their own discounts, loading every listed invoice’s discounts in the page’s one statement', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, fixed(500n), { frequency: 'RECURRING', frequencyDuration: 2 });
    const made = [];
    for (let period = 0; period < 4; period += 1) made.push(await createInvoice(store, invoice()));
    const connection = orm.em.getConnection();
    const execute = jest.spyOn(connection, 'execute');
    try {
      const { records } = await listInvoices(store, { filter: { customerId }, limit: 20, offset: 0 });
      // One statement: the page with its total, each invoice's lines and discounts aggregated beside its row.
      expect(execute).toHaveBeenCalledTimes(1);
      // Made at one instant, so compared by id rather than in list order.
      const discounted = [{ couponId: coupon.couponId, couponCode: coupon.code, amountMinor: 500n }];
      expect(new Map(records.map((record) => [record.id, record.discounts]))).toEqual(
        new Map(made.map((each, period) => [each.id, period < 2 ? discounted : []])),
      );
    } finally {
      execute.mockRestore();
    }
  });

  it('shows the code the discount was given under, even after the coupon was deleted and its code reused', async () => {
    const { customerId, invoice } = await subscriber();
    const gone = await applied(customerId, percent('10'), { frequency: 'ONCE' });
    const created = await createInvoice(store, invoice());
    expect(await deleteCoupon(store, gone.couponId)).toMatchObject({ ok: true });
    const reused = await createCoupon(store, {
      code: gone.code,
      name: 'Same code, another coupon',
      description: null,
      terms: percent('50'),
      frequency: 'FOREVER',
      frequencyDuration: null,
      expiresAt: null,
      maxRedemptions: null,
      planIds: [],
      isActive: true,
    });
    expect(reused.ok).toBe(true);
    expect((await findInvoice(store, created.id))?.discounts).toEqual([
      { couponId: gone.couponId, couponCode: gone.code, amountMinor: 290n },
    ]);
  });

  it('discounts only the SUBSCRIPTION lines; manual and proration-only invoices are not discounted', async () => {
    const { customerId, subscriptionId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('50'), { frequency: 'ONCE' });
    const manual = await createInvoice(store, invoice({ lines: [feeLine(10000n, 'MANUAL')], planId: null }));
    expect(manual).toMatchObject({ discountMinor: 0n, totalMinor: 10000n });
    const noSubscription = await createInvoice(store, { ...invoice(), subscriptionId: null, planId: null });
    expect(noSubscription).toMatchObject({ discountMinor: 0n });
    const proration = await createInvoice(
      store,
      invoice({ lines: [feeLine(-1497n, 'PRORATION'), feeLine(4077n, 'PRORATION')] }),
    );
    expect(proration).toMatchObject({ discountMinor: 0n, totalMinor: 2580n });
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'ACTIVE' });
    const mixed = await createInvoice(store, invoice({ lines: [feeLine(3000n), feeLine(1000n, 'USAGE')] }));
    expect(mixed).toMatchObject({ subscriptionId, subtotalMinor: 4000n, discountMinor: 1500n, totalMinor: 2500n });
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'TERMINATED' });
  });

  it('honours the plan restriction (planId given or read from the subscription) and leaves others unconsumed', async () => {
    const { customerId, planId, invoice } = await subscriber();
    const otherPlan = await createPlan();
    const elsewhere = await applied(customerId, percent('10'), { frequency: 'ONCE', planIds: [otherPlan] });
    const here = await applied(customerId, percent('20'), { frequency: 'ONCE', planIds: [otherPlan, planId] });
    expect(await createInvoice(store, invoice({ planId: null }))).toMatchObject({ discountMinor: 580n });
    expect(await appliedCoupon(here.appliedCouponId)).toMatchObject({ status: 'TERMINATED' });
    expect(await appliedCoupon(elsewhere.appliedCouponId)).toMatchObject({ status: 'ACTIVE' });
    const otherSubscription = await createSubscription(customerId, otherPlan);
    const other = await createInvoice(store, { ...invoice(), subscriptionId: otherSubscription, planId: otherPlan });
    expect(other).toMatchObject({ discountMinor: 290n });
  });

  it('does not take a fixed amount off an invoice in another currency', async () => {
    const { customerId, invoice } = await subscriber(EUR);
    const euros = await applied(customerId, fixed(500n, EUR), { frequency: 'ONCE' });
    const usdSubscription = await createSubscription(customerId, await createPlan(), USD);
    const dollars = await createInvoice(store, { ...invoice(), currency: USD, subscriptionId: usdSubscription });
    expect(dollars).toMatchObject({ currency: 'USD', discountMinor: 0n });
    expect(await appliedCoupon(euros.appliedCouponId)).toMatchObject({ status: 'ACTIVE' });
    expect(await createInvoice(store, invoice())).toMatchObject({ currency: 'EUR', discountMinor: 500n });
  });

  it('still honours an application whose coupon expired, was deactivated or deleted since', async () => {
    const { customerId, invoice } = await subscriber();
    const expired = await applied(customerId, fixed(100n));
    const deleted = await applied(customerId, fixed(200n));
    await sql('update $schema.coupons set expires_at = ?, is_active = false where id = ?', [
      new Date('2025-12-01T00:00:00Z'),
      expired.couponId,
    ]);
    expect(await deleteCoupon(store, deleted.couponId)).toMatchObject({ ok: true });
    expect(await createInvoice(store, invoice())).toMatchObject({ discountMinor: 300n });
  });

  it('a retried invoice (same idempotency key, in turn or at once) consumes nothing twice', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('20'), { frequency: 'RECURRING', frequencyDuration: 3 });
    const first = invoice();
    const made = await createInvoice(store, first);
    const again = await Promise.all([
      createInvoice(store, first),
      createInvoice(store, first),
      createInvoice(store, first),
    ]);
    expect(again.map((each) => [each.id, each.discountMinor])).toEqual(again.map(() => [made.id, 580n]));
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'ACTIVE', remaining_periods: 2 });
    expect(await discountRows()).toHaveLength(1);
  });

  it('concurrent invoices of one customer never over-consume a ONCE coupon', async () => {
    const { customerId, invoice } = await subscriber();
    const coupon = await applied(customerId, percent('20'), { frequency: 'ONCE' });
    const created = await Promise.all(Array.from({ length: 8 }, () => createInvoice(store, invoice())));
    expect(created.map((each) => each.discountMinor).sort()).toEqual([0n, 0n, 0n, 0n, 0n, 0n, 0n, 580n]);
    expect(await discountRows()).toHaveLength(1);
    expect(await appliedCoupon(coupon.appliedCouponId)).toMatchObject({ status: 'TERMINATED' });
  });
});
