import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import type { Json } from '../../../test/harness/api-client';
import { checkWalletBalance } from './balance-check';

/**
 * A balance check sees a fall it did not witness: a void made good before the check still crossed, once. And it
 * never sees a fall that was not there: after an invoice's consumption, the usage the previous check counted is not
 * taken off the balance again.
 */
describe('balance checks and the dips between them', () => {
  const { api, call, createCustomer, sql, tenant } = setUpResourceTest();

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([path, reply.status]).toEqual([path, 201]);
    return reply.body;
  };
  const check = async (walletId: string) =>
    (await checkWalletBalance(api.orm, { tenantId: tenant.tenantId, walletId, now: new Date() })).alerts;
  const transact = (walletId: string, body: Json) => created('/wallets/transactions', { walletId, ...body });

  it('tells a crossing made good before the check once, and the next one again', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const walletId = String(
      (await created('/wallets', { customerId, grantedCredits: 10, lowBalanceThresholdCredits: 3 })).id,
    );
    expect(await check(walletId)).toEqual([]);
    await transact(walletId, { voidedCredits: 10 });
    await transact(walletId, { grantedCredits: 10 });
    expect(await check(walletId)).toEqual(['wallet.low_balance', 'wallet.depleted']);
    expect(await check(walletId)).toEqual([]);
    await transact(walletId, { voidedCredits: 8 });
    expect(await check(walletId)).toEqual(['wallet.low_balance']);
  });

  it('measures a dip after an invoice’s consumption against the usage left, not the usage invoiced', async () => {
    const customerId = await createCustomer({ currency: 'USD' });
    const walletId = String(
      (await created('/wallets', { customerId, grantedCredits: 100, lowBalanceThresholdCredits: 10 })).id,
    );
    expect(await check(walletId)).toEqual([]);
    // As if that check had counted 80.00 of usage, which the invoice below then takes from the wallet.
    await sql('update $schema.wallets set checked_usage_minor = 8000 where id = ?', [walletId]);
    const invoice = await created('/invoices', {
      customerId,
      items: [{ description: 'Usage', quantity: 1, unitAmount: 80 }],
    });
    expect((await call('POST', `/invoices/${String(invoice.id)}/finalize`)).body).toMatchObject({
      prepaidCreditAmount: 80,
    });
    await transact(walletId, { voidedCredits: 5 });
    // 15 credits left, nothing used since: above the threshold, and nowhere near empty.
    expect(await check(walletId)).toEqual([]);
  });
});
