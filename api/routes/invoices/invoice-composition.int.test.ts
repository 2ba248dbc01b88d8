import { createActivities } from '../../../activities';
import { createLogger } from '../../../infra/logger';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { Json } from '../../../test/harness/api-client';

/**
 * The one order every invoice is composed in, through the public API: usage and subscription lines, coupons in the
 * order applied (one limited to a billable metric), tax 0, then at finalize customer credit from credit notes and
 * wallet credits. The period's close is the subscription workflow's own activity, run at once instead of a month on.
 */
describe('invoice composition: lines, coupons, customer credit, wallet', () => {
  const { api, tenant, call, createCustomer, sql } = setUpResourceTest({ worker: true });

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([path, reply.status, reply.body]).toEqual([path, 201, expect.anything()]);
    return reply.body;
  };
  const ok = async (method: 'GET' | 'POST', path: string): Promise<Json> => {
    const reply = await call(method, path);
    expect([path, reply.status]).toEqual([path, 200]);
    return reply.body;
  };

  /** A metric of `units` summed, priced 1.00 a unit by the plan's charge: 80 units bill 80.00. */
  async function meteredPlan(extra: Json = {}): Promise<{ planId: string; calls: string; storage: string }> {
    const metric = async (code: string) =>
      String((await created('/billable-metrics', { name: code, code, aggregationType: 'SUM', fieldName: 'units' })).id);
    const [calls, storage] = [await metric('calls'), await metric('storage')];
    const plan = await created('/plans', {
      name: 'Base',
      code: 'base',
      billingInterval: 'MONTHLY',
      billingTiming: 'IN_ARREARS',
      trialDays: 0,
      prices: [{ currency: 'USD', amount: 20 }],
      ...extra,
    });
    const planId = String(plan.id);
    for (const billableMetricId of [calls, storage]) {
      await created('/charges', { planId, billableMetricId, chargeModel: 'STANDARD', amount: 1 });
    }
    return { planId, calls, storage };
  }

  async function coupon(code: string, terms: Json, billableMetricIds: string[] = []): Promise<void> {
    await created('/coupons', { code, name: code, frequency: 'ONCE', billableMetricIds, ...terms });
  }
  const applyCoupon = async (couponCode: string, customerId: string) =>
    String((await created('/coupons/apply', { couponCode, customerId })).id);

  /** Subscribes, sends `units` of each metric's events, and closes the period as the workflow does at its end. */
  async function closedPeriodInvoice(input: {
    customerId: string;
    planId: string;
    units: Record<string, number>;
  }): Promise<Json> {
    const subscription = await created('/subscriptions', {
      customerId: input.customerId,
      planId: input.planId,
      currency: 'USD',
    });
    const subscriptionId = String(subscription.id);
    for (const [code, units] of Object.entries(input.units)) {
      await created('/events', {
        transactionId: `${subscriptionId}-${code}-on-time`,
        subscriptionId,
        code,
        properties: { units },
      });
    }
    const period = { start: String(subscription.currentPeriodStart), end: String(subscription.currentPeriodEnd) };
    const activities = createActivities({ orm: api.orm, logger: createLogger({ level: 'silent', name: 'close' }) });
    const issued = await activities.issuePeriodInvoice({
      tenantId: tenant.tenantId,
      subscriptionId,
      customerId: input.customerId,
      currency: 'USD',
      timeZone: 'UTC',
      plan: {
        planId: input.planId,
        name: 'Base',
        amountMinor: '2000',
        billingInterval: 'MONTHLY',
        billingTiming: 'IN_ARREARS',
      },
      period,
      segment: period,
      usage: period,
      idempotencyKey: `${subscriptionId}:${period.start}:close`,
      now: new Date().toISOString(),
    });
    return ok('GET', `/invoices/${issued?.invoiceId ?? 'none'}`);
  }

  const linesOf = (invoice: Json) =>
    (invoice.lines as Json[]).map((line) => [line.type, line.description, line.amount]);
  const discountsOf = (invoice: Json) =>
    (invoice.discounts as Json[]).map((discount) => [discount.code, discount.amount]);
  const amountsOf = (invoice: Json) => ({
    subtotal: invoice.subtotal,
    discount: invoice.discount,
    tax: invoice.tax,
    total: invoice.total,
    amountCredited: invoice.amountCredited,
    prepaidCreditAmount: invoice.prepaidCreditAmount,
    amountDue: invoice.amountDue,
  });
  /** The amounts `invoice.created` carried for the invoice: the webhook shows each step as the API does. */
  const createdEventOf = async (invoiceId: unknown) => {
    const [row] = await sql<{ data: Json }>(
      `select data from $schema.webhook_events where event_type = 'invoice.created' and data ->> 'id' = ?`,
      [String(invoiceId)],
    );
    return row?.data ?? {};
  };
  const appliedCouponStatus = async (appliedCouponId: string) => {
    const [row] = await sql<{ status: string }>('select status from $schema.applied_coupons where id = ?', [
      appliedCouponId,
    ]);
    return row?.status;
  };

  /** 100.00 of customer credit: a manual invoice paid, then credited in full by a credit note. */
  async function creditNoteCredit(customerId: string, amount: number): Promise<void> {
    const draft = await created('/invoices', {
      customerId,
      items: [{ description: 'Setup', quantity: 1, unitAmount: amount }],
    });
    await ok('POST', `/invoices/${String(draft.id)}/finalize`);
    await ok('POST', `/invoices/${String(draft.id)}/mark-paid`);
    const note = await created('/credit-notes', { invoiceId: draft.id, reason: 'OTHER', amount });
    await ok('POST', `/credit-notes/${String(note.id)}/finalize`);
  }

  test('usage 80.00 + base 20.00, 25 % on the usage metric, then a fixed 10.00, then 5.00 of wallet: 65.00 due', async () => {
    const { planId, calls } = await meteredPlan();
    const customerId = await createCustomer();
    const wallet = await created('/wallets', { customerId, grantedCredits: 5 });
    await coupon('USAGE25', { discountType: 'PERCENTAGE', percentage: 25 }, [calls]);
    await coupon('FIXED10', { discountType: 'FIXED_AMOUNT', amount: 10, currency: 'USD' });
    const usage25 = await applyCoupon('usage25', customerId);
    const fixed10 = await applyCoupon('fixed10', customerId);

    const invoice = await closedPeriodInvoice({ customerId, planId, units: { calls: 80 } });
    expect(linesOf(invoice)).toEqual([
      ['SUBSCRIPTION', 'Base', 20],
      ['USAGE', 'calls', 80],
    ]);
    // The usage coupon takes 25 % of the usage line only; the fixed one discounts the subscription line.
    expect(discountsOf(invoice)).toEqual([
      ['USAGE25', 20],
      ['FIXED10', 10],
    ]);
    const expected = {
      subtotal: 100,
      discount: 30,
      tax: 0,
      total: 70,
      amountCredited: 0,
      prepaidCreditAmount: 5,
      amountDue: 65,
    };
    expect({ status: invoice.status, ...amountsOf(invoice) }).toEqual({ status: 'OPEN', ...expected });
    expect(amountsOf(await createdEventOf(invoice.id))).toEqual(expected);
    expect(await ok('GET', `/wallets/${String(wallet.id)}`)).toMatchObject({ creditsBalance: 0, consumedCredits: 5 });
    expect([await appliedCouponStatus(usage25), await appliedCouponStatus(fixed10)]).toEqual([
      'TERMINATED',
      'TERMINATED',
    ]);
  });

  test('the same invoice with 100.00 of credit-note credit and no wallet: nothing due, 30.00 of credit left', async () => {
    const { planId, calls } = await meteredPlan();
    const customerId = await createCustomer();
    await creditNoteCredit(customerId, 100);
    await coupon('USAGE25', { discountType: 'PERCENTAGE', percentage: 25 }, [calls]);
    await coupon('FIXED10', { discountType: 'FIXED_AMOUNT', amount: 10, currency: 'USD' });
    await applyCoupon('usage25', customerId);
    await applyCoupon('fixed10', customerId);

    const invoice = await closedPeriodInvoice({ customerId, planId, units: { calls: 80 } });
    expect({ status: invoice.status, ...amountsOf(invoice) }).toEqual({
      status: 'PAID',
      subtotal: 100,
      discount: 30,
      tax: 0,
      total: 70,
      amountCredited: 70,
      prepaidCreditAmount: 0,
      amountDue: 0,
    });
    // What is left of the credit pays the next invoice: 30.00 of a 50.00 one.
    const next = await created('/invoices', {
      customerId,
      items: [{ description: 'Extra', quantity: 1, unitAmount: 50 }],
    });
    const finalized = await ok('POST', `/invoices/${String(next.id)}/finalize`);
    expect(amountsOf(finalized)).toMatchObject({ total: 50, amountCredited: 30, amountDue: 20 });
  });

  test('a coupon limited to a metric the invoice does not bill is not used up; it waits for that usage', async () => {
    const { planId, storage } = await meteredPlan();
    const customerId = await createCustomer();
    await coupon('STORAGE50', { discountType: 'PERCENTAGE', percentage: 50 }, [storage]);
    const applied = await applyCoupon('storage50', customerId);

    const callsOnly = await closedPeriodInvoice({ customerId, planId, units: { calls: 80 } });
    expect(linesOf(callsOnly)).toEqual([
      ['SUBSCRIPTION', 'Base', 20],
      ['USAGE', 'calls', 80],
    ]);
    expect(amountsOf(callsOnly)).toMatchObject({ subtotal: 100, discount: 0, total: 100, amountDue: 100 });
    expect(callsOnly.discounts).toEqual([]);
    expect(await appliedCouponStatus(applied)).toBe('ACTIVE');

    const withStorage = await closedPeriodInvoice({ customerId, planId, units: { calls: 10, storage: 30 } });
    expect(discountsOf(withStorage)).toEqual([['STORAGE50', 15]]);
    expect(amountsOf(withStorage)).toMatchObject({ subtotal: 60, discount: 15, total: 45, amountDue: 45 });
    expect(await appliedCouponStatus(applied)).toBe('TERMINATED');
  });

  test('a DRAFT held by a grace period re-prices its metric coupon on late usage at finalize, using up nothing more', async () => {
    const { planId, calls } = await meteredPlan({ invoiceGracePeriodDays: 3 });
    const customerId = await createCustomer();
    await coupon('USAGE25', { discountType: 'PERCENTAGE', percentage: 25 }, [calls]);
    await coupon('FIXED10', { discountType: 'FIXED_AMOUNT', amount: 10, currency: 'USD' });
    const usage25 = await applyCoupon('usage25', customerId);
    await applyCoupon('fixed10', customerId);

    const draft = await closedPeriodInvoice({ customerId, planId, units: { calls: 80 } });
    expect({ status: draft.status, ...amountsOf(draft) }).toMatchObject({ status: 'DRAFT', discount: 30, total: 70 });
    const late = { transactionId: 'late-calls', subscriptionId: draft.subscriptionId, code: 'calls' };
    await created('/events', { ...late, properties: { units: 20 } });

    const finalized = await ok('POST', `/invoices/${String(draft.id)}/finalize`);
    expect(linesOf(finalized)).toEqual([
      ['SUBSCRIPTION', 'Base', 20],
      ['USAGE', 'calls', 100],
    ]);
    // 25 % of the 100.00 of usage now; the fixed coupon still takes 10.00 of the fee. Neither is taken twice.
    expect(discountsOf(finalized)).toEqual([
      ['USAGE25', 25],
      ['FIXED10', 10],
    ]);
    expect(amountsOf(finalized)).toMatchObject({ subtotal: 120, discount: 35, total: 85, amountDue: 85 });
    expect(await appliedCouponStatus(usage25)).toBe('TERMINATED');
    const [{ count } = { count: '' }] = await sql<{ count: string }>(
      'select count(*)::text as count from $schema.invoice_discounts',
    );
    expect(count).toBe('2');
  });
});
