import { fetch } from 'undici';
import { ApiReply, type Json } from '../test/harness/api-client';
import { setUpResourceTest } from '../test/fixtures/resource-test';
import { uniqueTaskQueue } from '../test/harness/temporal-env';

/**
 * Every numeric input at its documented bounds (docs/metering.md, "Numeric bounds", and each schema's maximum),
 * through the public API: a value just inside is taken, one just beyond is 400 naming its field, and the values that
 * once wedged billing (1e308, 2^63, "1e17", -0) are never a 500.
 */

/** A number as written on the wire: JSON.stringify writes -0 as 0 and cannot write 2^63 exactly. */
class NumberText {
  constructor(readonly text: string) {}
}
const written = (text: string) => new NumberText(text);
const NEGATIVE_ZERO = written('-0');
const TWO_TO_THE_63 = written('9223372036854775808');

const MAX_MONEY = 99_999_999_999.99;
const BEYOND_MONEY = 100_000_000_000;
const MAX_UNITS = 1_000_000_000_000;
const MAX_EVENT_VALUE = 1_000_000_000_000_000;

/** JSON text of `body` with each NumberText in place, as written. */
function jsonText(body: unknown): string {
  const texts: string[] = [];
  const json = JSON.stringify(body, (_key, value: unknown) => {
    if (!(value instanceof NumberText)) return value;
    texts.push(value.text);
    return `@number:${texts.length - 1}`;
  });
  return json.replace(/"@number:(\d+)"/g, (_match, index: string) => texts[Number(index)] ?? '');
}

/** `taken`: the request is accepted (2xx); otherwise the path a 400 must name (`body.amount`, `query.page`). */
type Expected = 'taken' | `${'body' | 'query'}.${string}`;

const detailPaths = (reply: ApiReply) =>
  ((reply.body.details ?? []) as { path?: string }[]).map((detail) => detail.path);

describe('numeric inputs at their bounds', () => {
  const { api, tenant, call, createCustomer } = setUpResourceTest({
    tenant: 'all',
    // Subscriptions start workflows on a queue no worker polls: the usage is read, never billed, here.
    api: { env: { TEMPORAL_TASK_QUEUE: uniqueTaskQueue('numeric-bounds') } },
  });

  /** A request whose body may hold NumberText values. */
  async function send(method: string, path: string, body: unknown): Promise<ApiReply> {
    const response = await fetch(`${api.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${tenant.apiKey}`, 'Content-Type': 'application/json' },
      body: jsonText(body),
    });
    return new ApiReply(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
  }

  /** The answer is as expected: 2xx when taken, else 400 naming the path; a 5xx is never expected. */
  function expectAnswer(reply: ApiReply, expected: Expected): void {
    const taken = reply.status >= 200 && reply.status < 300;
    const seen = taken ? 'taken' : { status: reply.status, paths: detailPaths(reply), message: reply.body.message };
    if (expected === 'taken') expect(seen).toBe('taken');
    else
      expect(seen).toEqual({
        status: 400,
        paths: expect.arrayContaining([expected]) as unknown,
        message: expect.any(String) as unknown,
      });
  }

  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${++sequence}`;
  const created = async (path: string, body: Json): Promise<string> => {
    const reply = await call('POST', path, { body });
    if (reply.status !== 201) throw new Error(`POST ${path}: ${reply.status} ${reply.text}`);
    return String(reply.body.id);
  };
  const newPlan = () =>
    created('/plans', { name: 'Bounds', code: unique('bounds'), billingInterval: 'MONTHLY', prices: [] });
  const newMetric = (aggregationType: string, fieldName?: string) =>
    created('/billable-metrics', {
      name: 'Bounds',
      code: unique('bounds_metric'),
      aggregationType,
      ...(fieldName === undefined ? {} : { fieldName }),
    });

  describe('usage event values', () => {
    const AGGREGATIONS = ['SUM', 'MAX', 'LATEST', 'WEIGHTED_SUM'] as const;
    const codes = new Map<string, string>();
    let subscriptionId: string;

    beforeAll(async () => {
      const planId = await created('/plans', {
        name: 'Metered bounds',
        code: unique('metered'),
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount: 10 }],
      });
      for (const aggregationType of AGGREGATIONS) {
        const code = `bounds_${aggregationType.toLowerCase()}`;
        const billableMetricId = await created('/billable-metrics', {
          name: aggregationType,
          code,
          aggregationType,
          fieldName: 'units',
        });
        await created('/charges', { planId, billableMetricId, chargeModel: 'STANDARD', amount: 0.01 });
        codes.set(aggregationType, code);
      }
      const customerId = await createCustomer();
      subscriptionId = await created('/subscriptions', { customerId, planId, currency: 'USD' });
    });

    const VALUES: [string, unknown, boolean][] = [
      ['10^15', MAX_EVENT_VALUE, true],
      ['-10^15', -MAX_EVENT_VALUE, true],
      ['"1e15"', '1e15', true],
      ['fifteen decimals', '0.000000000000001', true],
      ['the money maximum', MAX_MONEY, true],
      ['fifteen significant digits', '999999999999.999', true],
      ['fifteen significant digits, all integer', 999_999_999_999_999, true],
      ['fifteen significant digits, all decimals', '-0.123456789012345', true],
      ['-0', NEGATIVE_ZERO, true],
      ['"-0"', '-0', true],
      ['2 × 10^15', 2 * MAX_EVENT_VALUE, false],
      ['sixteen decimals', '0.0000000000000001', false],
      ['sixteen significant digits', '1234567890.123456', false],
      ['10^15 + 1, sixteen significant digits', written('1000000000000001'), false],
      ['1e17', 1e17, false],
      ['"1e17"', '1e17', false],
      ['1e308', 1e308, false],
      ['"1e400"', '1e400', false],
      ['2^63', TWO_TO_THE_63, false],
      ['"Infinity"', 'Infinity', false],
    ];

    it.each(AGGREGATIONS.flatMap((aggregation) => VALUES.map((value) => [aggregation, ...value] as const)))(
      '%s: a value of %s is taken or 400 naming the property',
      async (aggregation, _label, value, inside) => {
        const event = {
          transactionId: unique('bounds-event'),
          subscriptionId,
          code: codes.get(aggregation),
          properties: { units: value },
        };
        expectAnswer(await send('POST', '/events', event), inside ? 'taken' : 'body.properties.units');
        const batch = await send('POST', '/events/batch', {
          events: [{ ...event, transactionId: unique('bounds-batch') }],
        });
        expectAnswer(batch, inside ? 'taken' : 'body.events.0.properties.units');
      },
    );

    it('prices the usage of every value it took: the SUM and the MAX of 10^15 units at 0.01 pass the money maximum, a 409', async () => {
      const usage = await call('GET', `/subscriptions/${subscriptionId}/usage`);
      expect({ status: usage.status, error: usage.body.error }).toEqual({ status: 409, error: 'usage_out_of_range' });
    });
  });

  describe('manual invoice lines', () => {
    let customerId: string;
    beforeAll(async () => {
      customerId = await createCustomer();
    });

    const line = (quantity: unknown, unitAmount: unknown) => ({ description: 'Bounds', quantity, unitAmount });
    it.each<[string, unknown, unknown, Expected]>([
      ['10^12 × 0.09', MAX_UNITS, 0.09, 'taken'],
      ['1 × the money maximum', 1, MAX_MONEY, 'taken'],
      ['twelve decimals × 1', 0.000000000001, 1, 'taken'],
      ['1 × -0', 1, NEGATIVE_ZERO, 'taken'],
      ['10^12 × 0.1, beyond the money maximum', MAX_UNITS, 0.1, 'body.items.0.quantity'],
      ['10^12 + 1 × 0.01', MAX_UNITS + 1, 0.01, 'body.items.0.quantity'],
      ['thirteen decimals × 1', 0.0000000000001, 1, 'body.items.0.quantity'],
      ['1 × 10^11', 1, BEYOND_MONEY, 'body.items.0.unitAmount'],
      ['1e308 × 1', 1e308, 1, 'body.items.0.quantity'],
      ['2^63 × 1', TWO_TO_THE_63, 1, 'body.items.0.quantity'],
      ['"1e17" × 1', '1e17', 1, 'body.items.0.quantity'],
      ['-0 × 1', NEGATIVE_ZERO, 1, 'body.items.0.quantity'],
      ['1 × 1e308', 1, 1e308, 'body.items.0.unitAmount'],
      ['1 × "1e17"', 1, '1e17', 'body.items.0.unitAmount'],
    ])('a line of %s', async (_label, quantity, unitAmount, expected) => {
      const reply = await send('POST', '/invoices', { customerId, items: [line(quantity, unitAmount)] });
      expectAnswer(reply, expected);
      if (expected === 'taken') expect(Object.is(reply.body.total, -0)).toBe(false);
    });
  });

  describe('charges', () => {
    const chargeOf = async (fields: Json): Promise<ApiReply> => {
      const [planId, billableMetricId] = await Promise.all([newPlan(), newMetric('SUM', 'units')]);
      return send('POST', '/charges', { planId, billableMetricId, ...fields });
    };
    const ranges = (last: Json = {}, first: Json = {}) => [
      { fromValue: 0, toValue: 10, perUnitAmount: 1, flatAmount: 0, ...first },
      { fromValue: 10, toValue: null, perUnitAmount: 0.5, flatAmount: 0, ...last },
    ];

    it.each<[string, Json, Expected]>([
      ['a unit price of the money maximum', { chargeModel: 'STANDARD', amount: MAX_MONEY }, 'taken'],
      ['a unit price of twelve decimals', { chargeModel: 'STANDARD', amount: 0.000000000001 }, 'taken'],
      ['a unit price of -0', { chargeModel: 'STANDARD', amount: NEGATIVE_ZERO }, 'taken'],
      ['a minimum of the money maximum', { chargeModel: 'STANDARD', amount: 1, minAmount: MAX_MONEY }, 'taken'],
      ['a unit price of 10^11', { chargeModel: 'STANDARD', amount: BEYOND_MONEY }, 'body.amount'],
      ['a unit price of thirteen decimals', { chargeModel: 'STANDARD', amount: 0.0000000000001 }, 'body.amount'],
      ['a unit price of 1e308', { chargeModel: 'STANDARD', amount: 1e308 }, 'body.amount'],
      ['a unit price of "1e17"', { chargeModel: 'STANDARD', amount: '1e17' }, 'body.amount'],
      ['a minimum of 10^11', { chargeModel: 'STANDARD', amount: 1, minAmount: BEYOND_MONEY }, 'body.minAmount'],
      ['a minimum of 2^63', { chargeModel: 'STANDARD', amount: 1, minAmount: TWO_TO_THE_63 }, 'body.minAmount'],
      [
        'a range bound of 10^12',
        {
          chargeModel: 'GRADUATED',
          graduatedRanges: ranges({ fromValue: MAX_UNITS }, { toValue: MAX_UNITS }),
        },
        'taken',
      ],
      [
        'a range bound of 10^12 + 1',
        {
          chargeModel: 'GRADUATED',
          graduatedRanges: ranges({ fromValue: MAX_UNITS + 1 }, { toValue: MAX_UNITS + 1 }),
        },
        'body.graduatedRanges.0.toValue',
      ],
      [
        'a range price of the money maximum',
        { chargeModel: 'VOLUME', volumeRanges: ranges({ perUnitAmount: MAX_MONEY, flatAmount: MAX_MONEY }) },
        'taken',
      ],
      [
        'a range flat fee of 10^11',
        { chargeModel: 'VOLUME', volumeRanges: ranges({ flatAmount: BEYOND_MONEY }) },
        'body.volumeRanges.1.flatAmount',
      ],
      [
        'a range unit price of 1e308',
        { chargeModel: 'GRADUATED', graduatedRanges: ranges({ perUnitAmount: 1e308 }) },
        'body.graduatedRanges.1.perUnitAmount',
      ],
      ['a package of 10^12 units', { chargeModel: 'PACKAGE', amount: 1, packageSize: MAX_UNITS }, 'taken'],
      [
        'a package of 10^12 + 1 units',
        { chargeModel: 'PACKAGE', amount: 1, packageSize: MAX_UNITS + 1 },
        'body.packageSize',
      ],
      ['10^12 free units', { chargeModel: 'PACKAGE', amount: 1, packageSize: 1, freeUnits: MAX_UNITS }, 'taken'],
      [
        '2^63 free units',
        { chargeModel: 'PACKAGE', amount: 1, packageSize: 1, freeUnits: TWO_TO_THE_63 },
        'body.freeUnits',
      ],
      [
        'a rate of 100 and fees of the money maximum',
        { chargeModel: 'PERCENTAGE', rate: 100, fixedAmount: MAX_MONEY, perTransactionMax: MAX_MONEY },
        'taken',
      ],
      ['a rate of 100.0001', { chargeModel: 'PERCENTAGE', rate: 100.0001 }, 'body.rate'],
      ['a rate of five decimals', { chargeModel: 'PERCENTAGE', rate: 0.00001 }, 'body.rate'],
      [
        'a per-transaction minimum of 10^11',
        { chargeModel: 'PERCENTAGE', rate: 1, perTransactionMin: BEYOND_MONEY },
        'body.perTransactionMin',
      ],
    ])('%s', async (_label, fields, expected) => {
      expectAnswer(await chargeOf(fields), expected);
    });
  });

  describe('plan prices', () => {
    it.each<[string, unknown, Expected]>([
      ['the money maximum', MAX_MONEY, 'taken'],
      ['-0', NEGATIVE_ZERO, 'taken'],
      ['10^11', BEYOND_MONEY, 'body.prices.0.amount'],
      ['1e308', 1e308, 'body.prices.0.amount'],
      ['"1e17"', '1e17', 'body.prices.0.amount'],
    ])('a plan priced at %s', async (_label, amount, expected) => {
      const body = {
        name: 'Bounds',
        code: unique('priced'),
        billingInterval: 'MONTHLY',
        prices: [{ currency: 'USD', amount }],
      };
      expectAnswer(await send('POST', '/plans', body), expected);
    });

    it.each<[string, unknown, Expected]>([
      ['the money maximum', MAX_MONEY, 'taken'],
      ['10^11', BEYOND_MONEY, 'body.amount'],
      ['2^63', TWO_TO_THE_63, 'body.amount'],
    ])('a price added and changed to %s', async (_label, amount, expected) => {
      const planId = await newPlan();
      expectAnswer(await send('POST', `/plans/${planId}/prices`, { currency: 'EUR', amount }), expected);
      const priceId = await created(`/plans/${planId}/prices`, { currency: 'USD', amount: 1 });
      expectAnswer(await send('PATCH', `/plans/${planId}/prices/${priceId}`, { amount }), expected);
    });
  });

  describe('coupons', () => {
    const coupon = (fields: Json) => ({ code: unique('bounds'), name: 'Bounds', frequency: 'ONCE', ...fields });
    const fixed = (amount: unknown) => coupon({ discountType: 'FIXED_AMOUNT', amount, currency: 'USD' });
    const percent = (percentage: unknown, fields: Json = {}) =>
      coupon({ discountType: 'PERCENTAGE', percentage, ...fields });

    it.each<[string, Json, Expected]>([
      ['a fixed amount of the money maximum', fixed(MAX_MONEY), 'taken'],
      ['a fixed amount of 10^11', fixed(BEYOND_MONEY), 'body.amount'],
      ['a fixed amount of -0', fixed(NEGATIVE_ZERO), 'body.amount'],
      ['a fixed amount of 1e308', fixed(1e308), 'body.amount'],
      ['a fixed amount of "1e17"', fixed('1e17'), 'body.amount'],
      ['a percentage of 100', percent(100), 'taken'],
      ['a percentage of 100.0001', percent(100.0001), 'body.percentage'],
      ['2,147,483,647 redemptions', percent(10, { maxRedemptions: 2_147_483_647 }), 'taken'],
      ['2^31 redemptions', percent(10, { maxRedemptions: 2_147_483_648 }), 'body.maxRedemptions'],
      ['2^63 redemptions', percent(10, { maxRedemptions: TWO_TO_THE_63 }), 'body.maxRedemptions'],
      ['1,200 periods', percent(10, { frequency: 'RECURRING', frequencyDuration: 1200 }), 'taken'],
      ['1,201 periods', percent(10, { frequency: 'RECURRING', frequencyDuration: 1201 }), 'body.frequencyDuration'],
    ])('%s', async (_label, body, expected) => {
      expectAnswer(await send('POST', '/coupons', body), expected);
    });
  });

  describe('add-ons', () => {
    const addOn = (amount: unknown) => ({
      name: 'Bounds',
      code: unique('bounds'),
      type: 'ONE_TIME',
      prices: [{ currency: 'USD', amount }],
    });

    it.each<[string, unknown, Expected]>([
      ['the money maximum', MAX_MONEY, 'taken'],
      ['-0', NEGATIVE_ZERO, 'taken'],
      ['10^11', BEYOND_MONEY, 'body.prices.0.amount'],
      ['1e308', 1e308, 'body.prices.0.amount'],
    ])('an add-on priced at %s', async (_label, amount, expected) => {
      expectAnswer(await send('POST', '/add-ons', addOn(amount)), expected);
      const addOnId = await created('/add-ons', addOn(1));
      expectAnswer(await send('PATCH', `/add-ons/${addOnId}`, { prices: [{ currency: 'USD', amount }] }), expected);
    });

    it.each<[string, Json, Expected]>([
      ['the money maximum once', { amount: MAX_MONEY }, 'taken'],
      ['1,000,000 times', { amount: 1, quantity: 1_000_000 }, 'taken'],
      ['an amount of 10^11', { amount: BEYOND_MONEY }, 'body.amount'],
      ['an amount of "1e17"', { amount: '1e17' }, 'body.amount'],
      ['1,000,001 times', { amount: 1, quantity: 1_000_001 }, 'body.quantity'],
      ['2^63 times', { amount: 1, quantity: TWO_TO_THE_63 }, 'body.quantity'],
    ])('an add-on applied at %s', async (_label, fields, expected) => {
      const [addOnId, customerId] = await Promise.all([created('/add-ons', addOn(1)), createCustomer()]);
      expectAnswer(await send('POST', '/add-ons/apply', { addOnId, customerId, ...fields }), expected);
    });
  });

  describe('credit notes', () => {
    /** An OPEN invoice of exactly the money maximum. */
    const largestInvoice = async (): Promise<string> => {
      const customerId = await createCustomer();
      const invoiceId = await created('/invoices', {
        customerId,
        items: [{ description: 'Everything', quantity: 1, unitAmount: MAX_MONEY }],
      });
      const finalized = await call('POST', `/invoices/${invoiceId}/finalize`);
      expect(finalized.status).toBe(200);
      return invoiceId;
    };

    it.each<[string, Json, Expected]>([
      ['an amount of the money maximum', { amount: MAX_MONEY }, 'taken'],
      ['an item of the money maximum', { items: [{ description: 'All', amount: MAX_MONEY }] }, 'taken'],
      ['an amount of 10^11', { amount: BEYOND_MONEY }, 'body.amount'],
      ['an amount of 1e308', { amount: 1e308 }, 'body.amount'],
      ['an amount of -0', { amount: NEGATIVE_ZERO }, 'body.amount'],
      ['an amount of "1e17"', { amount: '1e17' }, 'body.amount'],
      ['an item of 2^63', { items: [{ description: 'All', amount: TWO_TO_THE_63 }] }, 'body.items.0.amount'],
    ])('%s on an invoice of the money maximum', async (_label, fields, expected) => {
      const invoiceId = await largestInvoice();
      const reply = await send('POST', '/credit-notes', { invoiceId, reason: 'OTHER', ...fields });
      expectAnswer(reply, expected);
      if (expected === 'taken') expect(reply.body.amount).toBe(MAX_MONEY);
    });
  });

  describe('pagination', () => {
    it.each<[string, string, Expected]>([
      ['page 10,000,000', 'page=10000000', 'taken'],
      ['limit 100', 'limit=100', 'taken'],
      ['page 10,000,001', 'page=10000001', 'query.page'],
      ['limit 101', 'limit=101', 'query.limit'],
      ['page 1e308', 'page=1e308', 'query.page'],
      ['page 2^63', 'page=9223372036854775808', 'query.page'],
      ['limit -0', 'limit=-0', 'query.limit'],
      ['limit 1e17', 'limit=1e17', 'query.limit'],
      ['page 1.5', 'page=1.5', 'query.page'],
    ])('%s', async (_label, query, expected) => {
      for (const list of ['/customers', '/invoices', '/coupons']) {
        expectAnswer(await call('GET', `${list}?${query}`), expected);
      }
    });
  });
});
