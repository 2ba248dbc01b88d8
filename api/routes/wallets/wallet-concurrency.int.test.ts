import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';

const cents = (amount: unknown): bigint => BigInt(Math.round(Number(amount) * 100));
const sumOf = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n);

/** Many writers on one wallet at once: the row lock orders them, so no credit is spent twice or lost. */
describe('one wallet under concurrent invoices and voids', () => {
  const { call, createCustomer } = setUpResourceTest();

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([reply.status, reply.body]).toEqual([201, expect.anything()]);
    return reply.body;
  };
  const drafts = (customerId: string, count: number, amount: number) =>
    Promise.all(
      Array.from({ length: count }, () =>
        created('/invoices', { customerId, items: [{ description: 'Work', quantity: 1, unitAmount: amount }] }),
      ),
    );
  const finalizeAll = (invoices: readonly Json[]) =>
    Promise.all(invoices.map((invoice) => call('POST', `/invoices/${String(invoice.id)}/finalize`)));
  const transactionsOf = async (walletId: unknown): Promise<Json[]> =>
    (await call('GET', `/wallets/${String(walletId)}/transactions?limit=100`)).body.data as Json[];

  it('20 invoices finalizing at once never drive it below zero and consume exactly the credits they record', async () => {
    const customerId = await createCustomer();
    const wallet = await created('/wallets', { customerId, grantedCredits: 100 });
    // 20 × 7.00 = 140.00 due against 100.00 of credits: some invoices are paid in full, one in part, the rest not.
    const finalized = await finalizeAll(await drafts(customerId, 20, 7));
    expect(finalized.map((reply) => reply.status)).toEqual(Array.from({ length: 20 }, () => 200));
    const prepaid = finalized.map((reply) => cents(reply.body.prepaidCreditAmount));
    expect(sumOf(prepaid)).toBe(10_000n);
    for (const reply of finalized) {
      expect(cents(reply.body.prepaidCreditAmount) + cents(reply.body.amountDue)).toBe(700n);
    }

    const after = (await call('GET', `/wallets/${String(wallet.id)}`)).body;
    expect([after.creditsBalance, after.balance, after.consumedCredits]).toEqual([0, 0, 100]);
    const spent = (await transactionsOf(wallet.id)).filter((each) => each.source === 'INVOICE');
    const byInvoice = new Map(spent.map((each) => [String(each.invoiceId), cents(each.amount)]));
    for (const reply of finalized) {
      expect(byInvoice.get(String(reply.body.id)) ?? 0n).toBe(cents(reply.body.prepaidCreditAmount));
    }
  });

  it('voids racing consumption lose nothing: every credit is consumed, voided or still in the wallet', async () => {
    const customerId = await createCustomer();
    const wallet = await created('/wallets', { customerId, grantedCredits: 50 });
    const invoices = await drafts(customerId, 10, 3);
    const voids = Array.from({ length: 10 }, () =>
      call('POST', '/wallets/transactions', { body: { walletId: wallet.id, voidedCredits: 4 } }),
    );
    const [finalized, voided] = await Promise.all([finalizeAll(invoices), Promise.all(voids)]);
    expect(finalized.every((reply) => reply.status === 200)).toBe(true);
    // A void finds the balance it asked for, or is refused whole.
    expect(voided.every((reply) => reply.status === 201 || reply.body.error === 'insufficient_wallet_credits')).toBe(
      true,
    );

    const transactions = await transactionsOf(wallet.id);
    const creditsOf = (source: string) =>
      sumOf(transactions.filter((each) => each.source === source).map((each) => cents(each.creditAmount)));
    const after = (await call('GET', `/wallets/${String(wallet.id)}`)).body;
    expect(cents(after.creditsBalance) + creditsOf('INVOICE') + creditsOf('VOID')).toBe(5_000n);
    expect(creditsOf('INVOICE')).toBe(cents(after.consumedCredits));
    const prepaid = sumOf(finalized.map((reply) => cents(reply.body.prepaidCreditAmount)));
    expect(prepaid).toBe(creditsOf('INVOICE'));
    expect(Number(after.creditsBalance)).toBeGreaterThanOrEqual(0);
  });
});
