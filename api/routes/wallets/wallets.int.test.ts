import { createTenantFixture } from '../../../test/fixtures/tenant-fixture';
import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { walletWorkflowId } from '../../../workflows/shared/workflow-ids';
import { WalletWebhookDataSchema } from '../webhook-events/payload-schemas';

const UNKNOWN_WALLET = 'wal_01JD0000000000000000000000';
const UNKNOWN_CUSTOMER = 'cust_01JD0000000000000000000000';
const FUTURE = '2099-01-01T00:00:00.000Z';

describe('wallets (/wallets)', () => {
  const { api, call, sql, createCustomer, tenant } = setUpResourceTest();

  const detailPaths = (body: Json) => (body.details as { path: string }[]).map((detail) => detail.path);
  const createWallet = async (body: Json) => {
    const created = await call('POST', '/wallets', { body });
    expect([created.status, created.body]).toEqual([201, expect.anything()]);
    return created.body;
  };
  const transact = (body: Json) => call('POST', '/wallets/transactions', { body });
  const outboxTypes = async () =>
    (await sql<{ event_type: string }>('select event_type from $schema.webhook_events order by occurred_at, id')).map(
      (row) => row.event_type,
    );

  it('creates a wallet in the customer’s currency at a rate of 1, its granted credits settled at once', async () => {
    const customerId = await createCustomer({ currency: 'EUR' });
    const wallet = await createWallet({ customerId, name: 'Prepaid', grantedCredits: 100.5 });
    expect(wallet).toMatchObject({
      id: expect.stringMatching(/^wal_[0-9A-HJKMNP-TV-Z]{26}$/) as unknown,
      customerId,
      name: 'Prepaid',
      currency: 'EUR',
      rateAmount: 1,
      status: 'ACTIVE',
      creditsBalance: 100.5,
      balance: 100.5,
      consumedCredits: 0,
      expirationAt: null,
      terminatedAt: null,
    });
    const transactions = await call('GET', `/wallets/${String(wallet.id)}/transactions`);
    expect(transactions.body).toMatchObject({
      data: [
        {
          transactionType: 'INBOUND',
          status: 'SETTLED',
          source: 'GRANT',
          creditAmount: 100.5,
          amount: 100.5,
          currency: 'EUR',
          trigger: 'MANUAL',
        },
      ],
      meta: { total: 1, page: 1, limit: 20, totalPages: 1 },
    });
    expect(await outboxTypes()).toEqual(['wallet.created', 'wallet.transaction.created']);
  });

  it('sends wallet.created and wallet.terminated with the fields their published payload schema names', async () => {
    const wallet = await createWallet({ customerId: await createCustomer(), grantedCredits: 5 });
    expect((await call('DELETE', `/wallets/${String(wallet.id)}`)).status).toBe(200);
    const events = await sql<{ event_type: string; data: Json }>(
      `select event_type, data from $schema.webhook_events
        where event_type in ('wallet.created', 'wallet.terminated') order by occurred_at, id`,
    );
    expect(events.map((event) => event.event_type)).toEqual(['wallet.created', 'wallet.terminated']);
    const published = Object.keys(WalletWebhookDataSchema.properties).sort();
    expect([...WalletWebhookDataSchema.required].sort()).toEqual(published);
    for (const { data } of events) {
      expect(Object.keys(data).sort()).toEqual(published);
      expect(data.id).toBe(wallet.id);
    }
    // wallet.created shows the wallet as POST answered it, its first credits included.
    expect(events[0]?.data).toMatchObject({ creditsBalance: 5, balance: 5, status: 'ACTIVE' });
    expect(events[0]?.data).toMatchObject({ creditsBalance: wallet.creditsBalance, balance: wallet.balance });
  });

  it('values credits at the rate, rounded once: 3 credits at 0.3333 are 1.00', async () => {
    const wallet = await createWallet({ customerId: await createCustomer(), rateAmount: 0.3333, grantedCredits: 3 });
    expect([wallet.creditsBalance, wallet.balance, wallet.rateAmount]).toEqual([3, 1, 0.3333]);
  });

  it('refuses bad input naming the field, an unknown customer and a second ACTIVE wallet', async () => {
    const customerId = await createCustomer();
    const bad = await call('POST', '/wallets', {
      body: { customerId, grantedCredits: 1.000001, rateAmount: 0.0000000000001, expirationAt: '2020-01-01T00:00:00Z' },
    });
    expect(bad.status).toBe(400);
    expect(detailPaths(bad.body).sort()).toEqual(['body.expirationAt', 'body.grantedCredits', 'body.rateAmount']);
    const unknown = await call('POST', '/wallets', { body: { customerId: UNKNOWN_CUSTOMER } });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'customer_not_found']);
    await createWallet({ customerId });
    const second = await call('POST', '/wallets', { body: { customerId } });
    expect([second.status, second.body.error]).toEqual([409, 'wallet_already_exists']);
  });

  it('tops up and voids: granted credits in, voids out granted before paid, never above the balance', async () => {
    const wallet = await createWallet({ customerId: await createCustomer(), grantedCredits: 10 });
    const id = String(wallet.id);
    const both = await transact({
      walletId: id,
      grantedCredits: 5,
      voidedCredits: 12,
      name: 'Goodwill',
      metadata: { ticket: 'T-1' },
    });
    expect(both.status).toBe(201);
    expect(both.body).toMatchObject({
      data: [
        { source: 'GRANT', transactionType: 'INBOUND', creditAmount: 5, name: 'Goodwill', metadata: { ticket: 'T-1' } },
        { source: 'VOID', transactionType: 'OUTBOUND', creditAmount: 12, amount: 12 },
      ],
      meta: { total: 2, page: 1, limit: 20, totalPages: 1 },
    });
    expect((await call('GET', `/wallets/${id}`)).body).toMatchObject({ creditsBalance: 3, balance: 3 });
    const tooMuch = await transact({ walletId: id, voidedCredits: 3.00001 });
    expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'insufficient_wallet_credits']);
    const nothing = await transact({ walletId: id });
    expect([nothing.status, detailPaths(nothing.body)]).toEqual([400, ['body.paidCredits']]);
    const zero = await transact({ walletId: id, voidedCredits: 0 });
    expect([zero.status, detailPaths(zero.body)]).toEqual([400, ['body.voidedCredits']]);
    const unknown = await transact({ walletId: UNKNOWN_WALLET, grantedCredits: 1 });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'wallet_not_found']);
    // The refused void kept nothing: the balance is as it was.
    expect((await call('GET', `/wallets/${id}`)).body).toMatchObject({ creditsBalance: 3 });
  });

  it('updates name, expiry and threshold; a past expiry is 400', async () => {
    const wallet = await createWallet({ customerId: await createCustomer() });
    const id = String(wallet.id);
    const updated = await call('PATCH', `/wallets/${id}`, {
      body: { name: 'Renamed', expirationAt: FUTURE, lowBalanceThresholdCredits: 2.5 },
    });
    expect(updated.body).toMatchObject({ name: 'Renamed', expirationAt: FUTURE, lowBalanceThresholdCredits: 2.5 });
    const past = await call('PATCH', `/wallets/${id}`, { body: { expirationAt: '2001-01-01T00:00:00Z' } });
    expect([past.status, detailPaths(past.body)]).toEqual([400, ['body.expirationAt']]);
    const cleared = await call('PATCH', `/wallets/${id}`, { body: { expirationAt: null, name: null } });
    expect(cleared.body).toMatchObject({ name: null, expirationAt: null });
  });

  it('keeps recurring top-up rules, one per trigger, shown on the wallet; PATCH replaces them and wakes the workflow', async () => {
    const rules = [
      { trigger: 'THRESHOLD', thresholdCredits: 10, method: 'TARGET', targetCredits: 100 },
      { trigger: 'INTERVAL', interval: 'MONTHLY', method: 'FIXED', paidCredits: 20.5, grantedCredits: 1 },
    ];
    const wallet = await createWallet({
      customerId: await createCustomer(),
      grantedCredits: 50,
      recurringTopUps: rules,
    });
    const none = {
      interval: null,
      thresholdCredits: null,
      paidCredits: null,
      grantedCredits: null,
      targetCredits: null,
    };
    const shown = [
      { ...none, trigger: 'THRESHOLD', thresholdCredits: 10, method: 'TARGET', targetCredits: 100 },
      { ...none, trigger: 'INTERVAL', interval: 'MONTHLY', method: 'FIXED', paidCredits: 20.5, grantedCredits: 1 },
    ];
    expect(wallet.recurringTopUps).toEqual(shown);
    const id = String(wallet.id);
    expect((await call('GET', `/wallets/${id}`)).body.recurringTopUps).toEqual(shown);
    // The wakes its workflow took (no worker runs it here: the signals wait in its history).
    const wakes = async () => {
      const history = await api.temporal.client.workflow
        .getHandle(walletWorkflowId(tenant.tenantId, id))
        .fetchHistory();
      return (history.events ?? []).filter((event) => event.workflowExecutionSignaledEventAttributes).length;
    };
    expect(await wakes()).toBe(1);

    const renamed = await call('PATCH', `/wallets/${id}`, { body: { name: 'Only a name' } });
    expect([renamed.body.recurringTopUps, await wakes()]).toEqual([shown, 1]);
    const weekly = { trigger: 'INTERVAL', interval: 'WEEKLY', method: 'FIXED', grantedCredits: 5 };
    const replaced = await call('PATCH', `/wallets/${id}`, { body: { recurringTopUps: [weekly] } });
    expect(replaced.body.recurringTopUps).toEqual([{ ...none, ...weekly }]);
    expect(await wakes()).toBe(2);
    await call('PATCH', `/wallets/${id}`, { body: { lowBalanceThresholdCredits: 3 } });
    expect(await wakes()).toBe(3);
    const removed = await call('PATCH', `/wallets/${id}`, { body: { recurringTopUps: [] } });
    expect(removed.body.recurringTopUps).toEqual([]);
  });

  it('refuses top-up rules naming body.recurringTopUps.<i>.<field>', async () => {
    const customerId = await createCustomer();
    const bad = await call('POST', '/wallets', {
      body: {
        customerId,
        recurringTopUps: [
          { trigger: 'THRESHOLD', method: 'FIXED', paidCredits: 5 },
          { trigger: 'THRESHOLD', thresholdCredits: 5, method: 'TARGET', targetCredits: 5 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(detailPaths(bad.body).sort()).toEqual([
      'body.recurringTopUps.0.thresholdCredits',
      'body.recurringTopUps.1.targetCredits',
      'body.recurringTopUps.1.trigger',
    ]);
    const decimals = await call('POST', '/wallets', {
      body: {
        customerId,
        recurringTopUps: [{ trigger: 'INTERVAL', interval: 'WEEKLY', method: 'FIXED', grantedCredits: 0.000001 }],
      },
    });
    expect([decimals.status, detailPaths(decimals.body)]).toEqual([400, ['body.recurringTopUps.0.grantedCredits']]);
    const foreign = await call('POST', '/wallets', {
      body: {
        customerId,
        recurringTopUps: [
          { trigger: 'THRESHOLD', thresholdCredits: 5, interval: 'WEEKLY', method: 'TARGET', targetCredits: 50 },
        ],
      },
    });
    expect([foreign.status, detailPaths(foreign.body)]).toEqual([400, ['body.recurringTopUps.0.interval']]);
    const wallet = await createWallet({ customerId, rateAmount: 1_000_000 });
    const tooMuch = await call('PATCH', `/wallets/${String(wallet.id)}`, {
      body: {
        recurringTopUps: [{ trigger: 'INTERVAL', interval: 'YEARLY', method: 'FIXED', paidCredits: 1_000_000_000 }],
      },
    });
    expect([tooMuch.status, detailPaths(tooMuch.body)]).toEqual([400, ['body.recurringTopUps.0.paidCredits']]);
    const interval = await call('PATCH', `/wallets/${String(wallet.id)}`, {
      body: { recurringTopUps: [{ trigger: 'INTERVAL', interval: 'DAILY', method: 'FIXED', paidCredits: 1 }] },
    });
    expect(interval.status).toBe(400);
    expect((await call('GET', `/wallets/${String(wallet.id)}`)).body.recurringTopUps).toEqual([]);
  });

  it('DELETE voids what is left (TERMINATION) and terminates; again answers the same; a new wallet may follow', async () => {
    const customerId = await createCustomer();
    const wallet = await createWallet({ customerId, grantedCredits: 7 });
    const id = String(wallet.id);
    const deleted = await call('DELETE', `/wallets/${id}`);
    expect(deleted.body).toMatchObject({ status: 'TERMINATED', creditsBalance: 0, balance: 0 });
    expect(deleted.body.terminatedAt).toEqual(expect.any(String));
    const again = await call('DELETE', `/wallets/${id}`);
    expect([again.status, again.body.terminatedAt]).toEqual([200, deleted.body.terminatedAt]);
    const transactions = (await call('GET', `/wallets/${id}/transactions`)).body.data as Json[];
    expect(transactions[0]).toMatchObject({ source: 'TERMINATION', transactionType: 'OUTBOUND', creditAmount: 7 });
    const refused = await transact({ walletId: id, grantedCredits: 1 });
    expect([refused.status, refused.body.error]).toEqual([409, 'wallet_terminated']);
    const patch = await call('PATCH', `/wallets/${id}`, { body: { name: 'x' } });
    expect([patch.status, patch.body.error]).toEqual([409, 'wallet_terminated']);
    await createWallet({ customerId });
    expect((await outboxTypes()).filter((type) => type === 'wallet.terminated')).toHaveLength(1);
  });

  it('lists with customerId and status filters; another tenant’s wallet is not found', async () => {
    const first = await createWallet({ customerId: await createCustomer() });
    const customerId = await createCustomer();
    const second = await createWallet({ customerId });
    await call('DELETE', `/wallets/${String(first.id)}`);
    const all = await call('GET', '/wallets');
    expect((all.body.data as Json[]).map((wallet) => wallet.id)).toEqual([second.id, first.id]);
    const mine = await call('GET', `/wallets?customerId=${customerId}`);
    expect((mine.body.data as Json[]).map((wallet) => wallet.id)).toEqual([second.id]);
    const terminated = await call('GET', '/wallets?status=TERMINATED');
    expect((terminated.body.data as Json[]).map((wallet) => wallet.id)).toEqual([first.id]);
    const badStatus = await call('GET', '/wallets?status=GONE');
    expect(badStatus.status).toBe(400);
    const other = await createTenantFixture(api.orm, api.config);
    const foreign = await call('GET', `/wallets/${String(second.id)}`, { token: other.apiKey });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'wallet_not_found']);
  });

  it('needs the wallets scopes', async () => {
    const reply = await call('GET', '/wallets', { token: null });
    expect(reply.status).toBe(401);
  });
});
