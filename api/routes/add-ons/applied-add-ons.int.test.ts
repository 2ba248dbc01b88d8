import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const UNKNOWN_APPLIED = 'aaon_01JD0000000000000000000000';
const UNKNOWN_CUSTOMER = 'cust_01JD0000000000000000000000';
const TIMESTAMP = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown;

describe('applied add-ons (/add-ons/apply, /add-ons/applied)', () => {
  const { api, call, sql, createCustomer } = setUpResourceTest();

  let serial = 0;
  const created = async (path: string, body: Json, key?: string) => {
    const reply = await call('POST', path, { body, ...(key === undefined ? {} : { token: key }) });
    expect(reply.status).toBe(201);
    return reply.body;
  };
  const createAddOn = (extra: Json = {}, key?: string) =>
    created(
      '/add-ons',
      {
        name: 'Setup',
        code: `setup-${++serial}`,
        type: 'ONE_TIME',
        prices: [
          { currency: 'USD', amount: 10 },
          { currency: 'JPY', amount: 1500 },
        ],
        ...extra,
      },
      key,
    );
  const apply = (body: Json) => call('POST', '/add-ons/apply', { body });
  const setStatus = (id: unknown, status: string) =>
    sql('update $schema.applied_add_ons set status = ? where id = ?', [status, id]);
  const ids = (body: Json) => (body.data as Json[]).map((item) => item.id);

  describe('apply', () => {
    it('defaults the amount to the add-on’s price in the customer’s currency: 10 for USD, 1500 for JPY', async () => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const jpy = await createCustomer({ currency: 'jpy' });
      const first = await apply({ addOnId: addOn.id, customerId: usd });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.stringMatching(/^aaon_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
        addOnId: addOn.id,
        addOnCode: addOn.code,
        customerId: usd,
        amount: 10,
        currency: 'USD',
        quantity: 1,
        status: 'PENDING',
        createdAt: TIMESTAMP,
        invoicedAt: null,
        removedAt: null,
      });
      const second = await apply({ addOnCode: addOn.code, customerId: jpy, quantity: 3 });
      expect(second.status).toBe(201);
      expect(second.body).toMatchObject({ amount: 1500, currency: 'JPY', quantity: 3, addOnId: addOn.id });
    });

    it('takes an explicit amount in the customer’s currency and its decimals', async () => {
      const addOn = await createAddOn({ prices: [] });
      const usd = await createCustomer({ currency: 'USD' });
      const jpy = await createCustomer({ currency: 'JPY' });
      const dollars = await apply({ addOnId: addOn.id, customerId: usd, amount: 49.99, currency: 'usd' });
      expect(dollars.body).toMatchObject({ amount: 49.99, currency: 'USD' });
      const yen = await apply({ addOnId: addOn.id, customerId: jpy, amount: 700 });
      expect(yen.body).toMatchObject({ amount: 700, currency: 'JPY' });
      const refused = await apply({ addOnId: addOn.id, customerId: jpy, amount: 700.5 });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([
        { path: 'body.amount', message: expect.stringContaining('JPY') as unknown },
      ]);
    });

    it('answers 409 add_on_price_missing when the add-on has no price in the customer’s currency', async () => {
      const addOn = await createAddOn();
      const eur = await createCustomer({ currency: 'EUR' });
      const reply = await apply({ addOnId: addOn.id, customerId: eur });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toBe('add_on_price_missing');
      expect((await apply({ addOnId: addOn.id, customerId: eur, amount: 3 })).body).toMatchObject({ amount: 3 });
    });

    it('answers 409 currency_mismatch for a currency other than the customer’s', async () => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const reply = await apply({ addOnId: addOn.id, customerId: usd, currency: 'eur' });
      expect([reply.status, reply.body.error]).toEqual([409, 'currency_mismatch']);
    });

    it.each([
      [{ amount: 49.999 }, 'body.amount'],
      [{ amount: -1 }, 'body.amount'],
      [{ currency: 'ZZZ' }, 'body.currency'],
      [{ quantity: 0 }, 'body.quantity'],
      [{ quantity: 1.5 }, 'body.quantity'],
      [{ addOnCode: 'x' }, 'body.addOnCode'],
      [{ addOnId: undefined }, 'body.addOnId'],
      [{ customerId: undefined }, 'body.customerId'],
      [{ extra: true }, 'body.extra'],
    ])('refuses %j naming %s', async (extra, path) => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const reply = await apply({ addOnId: addOn.id, customerId: usd, ...extra });
      expect(reply.status).toBe(400);
      expect((reply.body.details as { path: string }[]).map((detail) => detail.path)).toContain(path);
    });

    it('answers 404 naming the unknown, deleted or other tenant’s add-on or customer', async () => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const other = await createTenantFixture(api.orm, api.config);
      const theirAddOn = await createAddOn({}, other.apiKey);
      const theirCustomer = await createCustomer({ currency: 'USD' }, { token: other.apiKey });
      const deleted = await createAddOn();
      expect((await call('DELETE', `/add-ons/${String(deleted.id)}`)).status).toBe(200);
      for (const body of [
        { addOnId: 'aon_01JD0000000000000000000000', customerId: usd },
        { addOnId: theirAddOn.id, customerId: usd },
        { addOnCode: theirAddOn.code, customerId: usd },
        { addOnId: deleted.id, customerId: usd },
      ]) {
        const reply = await apply(body);
        expect(reply).toMatchObject({ status: 404, body: { error: 'add_on_not_found' } });
      }
      const gone = await createCustomer({ currency: 'USD' });
      expect((await call('DELETE', `/customers/${gone}`)).status).toBe(200);
      for (const customerId of [UNKNOWN_CUSTOMER, theirCustomer, gone]) {
        const reply = await apply({ addOnId: addOn.id, customerId });
        expect(reply.status).toBe(404);
        expect(reply.body).toMatchObject({
          error: 'customer_not_found',
          message: `Customer ${customerId} not found`,
        });
      }
    });
  });

  describe('list', () => {
    it('lists applied add-ons newest first, filtered on customerId and status, in pages', async () => {
      const addOn = await createAddOn();
      const alice = await createCustomer({ currency: 'USD' });
      const bob = await createCustomer({ currency: 'JPY' });
      const a1 = (await apply({ addOnId: addOn.id, customerId: alice })).body;
      const b1 = (await apply({ addOnId: addOn.id, customerId: bob })).body;
      const a2 = (await apply({ addOnId: addOn.id, customerId: alice })).body;
      await call('DELETE', `/add-ons/applied/${String(a1.id)}`);
      const all = await call('GET', '/add-ons/applied/list');
      expect(all.status).toBe(200);
      expect(all.body.meta).toEqual({ total: 3, page: 1, limit: 20, totalPages: 1 });
      expect(ids(all.body)).toEqual([a2.id, b1.id, a1.id]);
      expect((all.body.data as Json[])[1]).toEqual(b1);
      const mine = await call('GET', `/add-ons/applied/list?customerId=${alice}`);
      expect(ids(mine.body)).toEqual([a2.id, a1.id]);
      const pending = await call('GET', `/add-ons/applied/list?customerId=${alice}&status=PENDING`);
      expect(pending.body).toEqual({ data: [a2], meta: { total: 1, page: 1, limit: 20, totalPages: 1 } });
      const removed = await call('GET', '/add-ons/applied/list?status=REMOVED');
      expect(ids(removed.body)).toEqual([a1.id]);
      const page = await call('GET', '/add-ons/applied/list?page=2&limit=2');
      expect(page.body).toMatchObject({ data: [{ id: a1.id }], meta: { total: 3, page: 2, limit: 2, totalPages: 2 } });
      const other = await createTenantFixture(api.orm, api.config);
      const theirs = await call('GET', '/add-ons/applied/list', { token: other.apiKey });
      expect(theirs.body.meta).toMatchObject({ total: 0 });
    });

    it.each(['status=DONE', 'page=0', 'limit=101', 'addOnCode=x'])('refuses the query %s', async (query) => {
      expect((await call('GET', `/add-ons/applied/list?${query}`)).status).toBe(400);
    });
  });

  describe('remove', () => {
    it('marks a PENDING applied add-on REMOVED, and refuses to remove it twice with 409', async () => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const applied = (await apply({ addOnId: addOn.id, customerId: usd })).body;
      const removed = await call('DELETE', `/add-ons/applied/${String(applied.id)}`);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ ...applied, status: 'REMOVED', removedAt: TIMESTAMP });
      const again = await call('DELETE', `/add-ons/applied/${String(applied.id)}`);
      expect(again).toMatchObject({ status: 409, body: { error: 'applied_add_on_removed' } });
    });

    it('refuses an INVOICED applied add-on with 409 applied_add_on_invoiced', async () => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const applied = (await apply({ addOnId: addOn.id, customerId: usd })).body;
      await setStatus(applied.id, 'INVOICED');
      const reply = await call('DELETE', `/add-ons/applied/${String(applied.id)}`);
      expect(reply).toMatchObject({ status: 409, body: { error: 'applied_add_on_invoiced' } });
    });

    it('answers 404 applied_add_on_not_found for an unknown id and another tenant’s', async () => {
      const other = await createTenantFixture(api.orm, api.config);
      const theirAddOn = await createAddOn({}, other.apiKey);
      const theirCustomer = await createCustomer({ currency: 'USD' }, { token: other.apiKey });
      const theirs = await call('POST', '/add-ons/apply', {
        token: other.apiKey,
        body: { addOnId: theirAddOn.id, customerId: theirCustomer },
      });
      for (const id of [UNKNOWN_APPLIED, 'nope', String(theirs.body.id)]) {
        const reply = await call('DELETE', `/add-ons/applied/${id}`);
        expect(reply).toMatchObject({ status: 404, body: { error: 'applied_add_on_not_found' } });
      }
    });

    it('refuses to delete an add-on while it has PENDING applied add-ons, and allows it once none is', async () => {
      const addOn = await createAddOn();
      const usd = await createCustomer({ currency: 'USD' });
      const applied = (await apply({ addOnId: addOn.id, customerId: usd })).body;
      const refused = await call('DELETE', `/add-ons/${String(addOn.id)}`);
      expect(refused).toMatchObject({ status: 409, body: { error: 'add_on_in_use' } });
      await call('DELETE', `/add-ons/applied/${String(applied.id)}`);
      expect((await call('DELETE', `/add-ons/${String(addOn.id)}`)).status).toBe(200);
      const history = await call('GET', '/add-ons/applied/list');
      expect(history.body.data).toEqual([expect.objectContaining({ id: applied.id, addOnCode: addOn.code })]);
    });
  });
});
