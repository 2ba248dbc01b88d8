import type { Json } from '../../../test/harness/api-client';
import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { restoreRefundedCredits } from '../../../services/billing/wallets';
import { markInvoiceUncollectible } from '../../../services/billing/invoices';
import { requireId } from '../../../domain/ids';

/** Wallets meet invoices: credits sold on purchase invoices, spent at finalize after customer credit, given back on void. */
describe('wallet credits on invoices', () => {
  const test = setUpResourceTest();
  const { call, createCustomer } = test;

  const created = async (path: string, body: Json): Promise<Json> => {
    const reply = await call('POST', path, { body });
    expect([reply.status, reply.body]).toEqual([201, expect.anything()]);
    return reply.body;
  };
  const ok = async (method: 'GET' | 'POST', path: string): Promise<Json> => {
    const reply = await call(method, path);
    expect([reply.status, reply.body]).toEqual([200, expect.anything()]);
    return reply.body;
  };
  const walletNow = (id: unknown) => ok('GET', `/wallets/${String(id)}`);
  const transactionsOf = async (walletId: unknown) =>
    (await ok('GET', `/wallets/${String(walletId)}/transactions`)).data as Json[];
  const invoiceFor = async (customerId: string, amount: number): Promise<Json> => {
    const draft = await created('/invoices', {
      customerId,
      items: [{ description: 'Work', quantity: 1, unitAmount: amount }],
    });
    return ok('POST', `/invoices/${String(draft.id)}/finalize`);
  };
  const purchaseInvoiceOf = async (walletId: unknown) => {
    const purchase = (await transactionsOf(walletId)).find((each) => each.source === 'PURCHASE');
    return ok('GET', `/invoices/${String(purchase?.invoiceId)}`);
  };

  describe('paid credits', () => {
    it('are sold on a finalized credit-purchase invoice and settle at once', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, rateAmount: 0.5, paidCredits: 100, grantedCredits: 10 });
      expect([wallet.creditsBalance, wallet.balance]).toEqual([110, 55]);
      const invoice = await purchaseInvoiceOf(wallet.id);
      expect(invoice).toMatchObject({
        status: 'OPEN',
        number: expect.stringMatching(/^INV-\d{4}-\d{6}$/) as unknown,
        customerId,
        lines: [{ type: 'CREDIT', quantity: 100, unitAmount: 0.5, amount: 50 }],
        total: 50,
        amountCredited: 0,
        prepaidCreditAmount: 0,
        amountDue: 50,
      });
      const [purchase] = (await transactionsOf(wallet.id)).filter((each) => each.source === 'PURCHASE');
      expect(purchase).toMatchObject({ transactionType: 'INBOUND', status: 'SETTLED', creditAmount: 100, amount: 50 });
    });

    it('wait for their invoice to be paid when the wallet requires it; a voided invoice fails them', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, invoiceRequiresSuccessfulPayment: true, paidCredits: 20 });
      expect(wallet.creditsBalance).toBe(0);
      const first = await purchaseInvoiceOf(wallet.id);
      await ok('POST', `/invoices/${String(first.id)}/mark-paid`);
      expect((await walletNow(wallet.id)).creditsBalance).toBe(20);

      const more = await call('POST', '/wallets/transactions', { body: { walletId: wallet.id, paidCredits: 5 } });
      expect(more.status).toBe(201);
      const [pending] = more.body.data as Json[];
      expect(pending).toMatchObject({ source: 'PURCHASE', status: 'PENDING', creditAmount: 5 });
      await ok('POST', `/invoices/${String(pending?.invoiceId)}/void`);
      const statuses = (await transactionsOf(wallet.id)).map((each) => [each.source, each.status, each.creditAmount]);
      expect(statuses).toEqual(
        expect.arrayContaining([
          ['PURCHASE', 'SETTLED', 20],
          ['PURCHASE', 'FAILED', 5],
        ]),
      );
      expect((await walletNow(wallet.id)).creditsBalance).toBe(20);
    });

    it('failed when their invoice was written off arrive after all if it is paid then', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, invoiceRequiresSuccessfulPayment: true, paidCredits: 10 });
      const invoice = await purchaseInvoiceOf(wallet.id);
      // As dunning writes it off (no route does).
      const sql = tenantSql(test.api.orm, test.tenant.tenantId);
      expect((await markInvoiceUncollectible(sql, requireId('invoice', String(invoice.id)), new Date())).ok).toBe(true);
      const failed = (await transactionsOf(wallet.id)).find((each) => each.source === 'PURCHASE');
      expect(failed).toMatchObject({ status: 'FAILED', creditAmount: 10 });
      expect((await walletNow(wallet.id)).creditsBalance).toBe(0);

      await ok('POST', `/invoices/${String(invoice.id)}/mark-paid`);
      const settled = (await transactionsOf(wallet.id)).filter((each) => each.source === 'PURCHASE');
      expect(settled).toEqual([expect.objectContaining({ id: failed?.id, status: 'SETTLED', creditAmount: 10 })]);
      expect((await walletNow(wallet.id)).creditsBalance).toBe(10);
    });

    it('settled at once leave with their voided invoice: what is left of them, not the wallet’s other credits', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, grantedCredits: 30, paidCredits: 40 });
      const purchase = await purchaseInvoiceOf(wallet.id);
      // An invoice of 50.00 spends the 30 granted credits, then 20 of the 40 bought; 25 are granted afterwards.
      await invoiceFor(customerId, 50);
      expect(
        (await call('POST', '/wallets/transactions', { body: { walletId: wallet.id, grantedCredits: 25 } })).status,
      ).toBe(201);
      expect((await walletNow(wallet.id)).creditsBalance).toBe(45);

      await ok('POST', `/invoices/${String(purchase.id)}/void`);
      // The 20 bought credits still there leave; the 25 granted stay.
      const voids = (await transactionsOf(wallet.id)).filter((each) => each.source === 'VOID');
      expect(voids).toEqual([
        expect.objectContaining({ transactionType: 'OUTBOUND', creditAmount: 20, amount: 20, invoiceId: purchase.id }),
      ]);
      expect((await walletNow(wallet.id)).creditsBalance).toBe(25);
      // The granted credits are spent as such: an invoice of 25.00 takes them all.
      const next = await invoiceFor(customerId, 25);
      expect([next.prepaidCreditAmount, (await walletNow(wallet.id)).creditsBalance]).toEqual([25, 0]);
    });

    it('are never spent on their own purchase invoice, nor is customer credit', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, grantedCredits: 30 });
      const bought = await call('POST', '/wallets/transactions', { body: { walletId: wallet.id, paidCredits: 40 } });
      expect(bought.status).toBe(201);
      const invoice = await ok('GET', `/invoices/${String((bought.body.data as Json[])[0]?.invoiceId)}`);
      expect(invoice).toMatchObject({ total: 40, prepaidCreditAmount: 0, amountCredited: 0, amountDue: 40 });
      expect((await walletNow(wallet.id)).creditsBalance).toBe(70);
    });

    it('worth beyond the money maximum are 400 naming the field, and nothing is kept', async () => {
      const customerId = await createCustomer();
      const refused = await call('POST', '/wallets', {
        body: { customerId, rateAmount: 1_000_000, paidCredits: 1_000_000 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details).toEqual([expect.objectContaining({ path: 'body.paidCredits' })]);
      const wallet = await created('/wallets', { customerId, rateAmount: 1_000_000 });
      const granted = await call('POST', '/wallets/transactions', {
        body: { walletId: wallet.id, grantedCredits: 1_000_000 },
      });
      expect([granted.status, granted.body.details]).toEqual([
        400,
        [expect.objectContaining({ path: 'body.grantedCredits' })],
      ]);
      expect(await transactionsOf(wallet.id)).toEqual([]);
    });
  });

  describe('credit notes on a credit-purchase invoice', () => {
    it('credit at most the bought credits still in the wallet, and finalizing one voids them', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, paidCredits: 40 });
      const purchase = await purchaseInvoiceOf(wallet.id);
      await invoiceFor(customerId, 25);
      expect((await walletNow(wallet.id)).creditsBalance).toBe(15);

      const tooMuch = await call('POST', '/credit-notes', {
        body: { invoiceId: purchase.id, reason: 'OTHER', amount: 20 },
      });
      expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'credit_exceeds_invoice_total']);
      const note = await created('/credit-notes', { invoiceId: purchase.id, reason: 'OTHER', amount: 10 });
      const second = await call('POST', '/credit-notes', {
        body: { invoiceId: purchase.id, reason: 'OTHER', amount: 6 },
      });
      expect([second.status, second.body.error]).toEqual([409, 'credit_exceeds_invoice_total']);

      await ok('POST', `/credit-notes/${String(note.id)}/finalize`);
      expect(await walletNow(wallet.id)).toMatchObject({ creditsBalance: 5, balance: 5 });
      const voided = (await transactionsOf(wallet.id)).find((each) => each.source === 'VOID');
      expect(voided).toMatchObject({
        transactionType: 'OUTBOUND',
        creditAmount: 10,
        amount: 10,
        invoiceId: purchase.id,
      });
      expect(await ok('GET', `/invoices/${String(purchase.id)}`)).toMatchObject({ amountCredited: 10, amountDue: 30 });

      const undo = await call('POST', `/credit-notes/${String(note.id)}/void`);
      expect([undo.status, undo.body.error]).toEqual([409, 'invalid_state_transition']);
    });

    it('cannot credit a purchase whose credits are still PENDING', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, invoiceRequiresSuccessfulPayment: true, paidCredits: 10 });
      const purchase = await purchaseInvoiceOf(wallet.id);
      const refused = await call('POST', '/credit-notes', {
        body: { invoiceId: purchase.id, reason: 'OTHER', amount: 1 },
      });
      expect([refused.status, refused.body.error]).toEqual([409, 'credit_exceeds_invoice_total']);
    });
  });

  describe('refunds of a paid credit-purchase invoice', () => {
    const paymentOf = async (invoiceId: unknown): Promise<string> => {
      const listed = await ok('GET', `/payments?invoiceId=${String(invoiceId)}`);
      const [payment] = listed.data as Json[];
      return String(payment?.id);
    };

    it('give back only what its credits still in the wallet are worth, and take those credits back', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, paidCredits: 40 });
      const purchase = await purchaseInvoiceOf(wallet.id);
      await ok('POST', `/invoices/${String(purchase.id)}/mark-paid`);
      await invoiceFor(customerId, 25);
      const paymentId = await paymentOf(purchase.id);

      const tooMuch = await call('POST', `/payments/${paymentId}/refund`, { body: { amount: 20 } });
      expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'refund_exceeds_payment']);
      const refunded = await call('POST', `/payments/${paymentId}/refund`, { body: {} });
      expect(refunded.body).toMatchObject({ status: 'SUCCEEDED', amount: 15 });
      expect(await walletNow(wallet.id)).toMatchObject({ creditsBalance: 0, balance: 0 });
      const taken = (await transactionsOf(wallet.id)).find((each) => each.source === 'VOID');
      expect(taken).toMatchObject({
        transactionType: 'OUTBOUND',
        creditAmount: 15,
        amount: 15,
        invoiceId: purchase.id,
        metadata: { refundId: refunded.body.id },
      });
    });

    it('with a credit note asked for, take the credits back once', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, paidCredits: 30 });
      const purchase = await purchaseInvoiceOf(wallet.id);
      await ok('POST', `/invoices/${String(purchase.id)}/mark-paid`);
      const paymentId = await paymentOf(purchase.id);
      const refunded = await call('POST', `/payments/${paymentId}/refund`, {
        body: { amount: 10, createCreditNote: true },
      });
      expect(refunded.body).toMatchObject({ status: 'SUCCEEDED', creditNoteSkippedReason: null });
      expect(refunded.body.creditNoteId).toEqual(expect.any(String));
      expect((await walletNow(wallet.id)).creditsBalance).toBe(20);
    });

    it('that fail give the credits back, once', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, paidCredits: 30 });
      const purchase = await purchaseInvoiceOf(wallet.id);
      await ok('POST', `/invoices/${String(purchase.id)}/mark-paid`);
      const refunded = await call('POST', `/payments/${await paymentOf(purchase.id)}/refund`, { body: { amount: 10 } });
      expect((await walletNow(wallet.id)).creditsBalance).toBe(20);
      // What a provider's failure does to the refund's reservation (a MANUAL refund cannot fail), applied twice.
      const sql = tenantSql(test.api.orm, test.tenant.tenantId);
      for (let time = 0; time < 2; time++) {
        await sql.transactional((transaction) =>
          restoreRefundedCredits(sql, transaction, {
            invoiceId: String(purchase.id),
            refundId: String(refunded.body.id),
            now: new Date(),
          }),
        );
      }
      expect(await walletNow(wallet.id)).toMatchObject({ creditsBalance: 30, balance: 30 });
      const back = (await transactionsOf(wallet.id)).filter((each) => each.name === 'Refund failed');
      expect(back).toMatchObject([{ source: 'PURCHASE', status: 'SETTLED', creditAmount: 10, invoiceId: purchase.id }]);
      // The credits are the purchase's again: a later refund may take them back.
      const again = await call('POST', `/payments/${await paymentOf(purchase.id)}/refund`, { body: { amount: 30 } });
      expect([again.status, again.body.error]).toEqual([409, 'refund_exceeds_payment']);
    });
  });

  describe('at finalize', () => {
    it('pays a whole invoice from the wallet: PAID at once, the credits taken granted before paid', async () => {
      const customerId = await createCustomer();
      const wallet = await created('/wallets', { customerId, rateAmount: 2, grantedCredits: 10, paidCredits: 20 });
      const invoice = await invoiceFor(customerId, 50);
      expect(invoice).toMatchObject({ status: 'PAID', total: 50, prepaidCreditAmount: 50, amountDue: 0 });
      // 30 credits at 2.00 are worth 60.00: 50.00 takes 25 credits, the 10 granted and 15 of the paid.
      expect(await walletNow(wallet.id)).toMatchObject({ creditsBalance: 5, balance: 10, consumedCredits: 25 });
      const spent = (await transactionsOf(wallet.id)).find((each) => each.source === 'INVOICE');
      expect(spent).toMatchObject({ transactionType: 'OUTBOUND', creditAmount: 25, amount: 50, invoiceId: invoice.id });
      const voided = await call('POST', '/wallets/transactions', { body: { walletId: wallet.id, voidedCredits: 5 } });
      expect(voided.status).toBe(201);
    });

    it('takes customer credit first, then the wallet, and a void gives both back exactly', async () => {
      const customerId = await createCustomer();
      const earlier = await invoiceFor(customerId, 30);
      await ok('POST', `/invoices/${String(earlier.id)}/mark-paid`);
      const note = await created('/credit-notes', { invoiceId: earlier.id, reason: 'OTHER', amount: 30 });
      await ok('POST', `/credit-notes/${String(note.id)}/finalize`);
      const wallet = await created('/wallets', { customerId, grantedCredits: 50 });

      const invoice = await invoiceFor(customerId, 100);
      expect(invoice).toMatchObject({
        status: 'OPEN',
        total: 100,
        amountCredited: 30,
        prepaidCreditAmount: 50,
        amountDue: 20,
      });
      expect((await walletNow(wallet.id)).creditsBalance).toBe(0);

      const voided = await ok('POST', `/invoices/${String(invoice.id)}/void`);
      expect(voided).toMatchObject({ status: 'VOIDED', amountDue: 0 });
      expect(await walletNow(wallet.id)).toMatchObject({ creditsBalance: 50, balance: 50, consumedCredits: 0 });
      const returned = (await transactionsOf(wallet.id)).find((each) => each.source === 'INVOICE_VOID');
      expect(returned).toMatchObject({
        transactionType: 'INBOUND',
        creditAmount: 50,
        amount: 50,
        invoiceId: invoice.id,
      });
      // The customer credit is back too: the next invoice takes it again before the wallet.
      const next = await invoiceFor(customerId, 100);
      expect(next).toMatchObject({ amountCredited: 30, prepaidCreditAmount: 50, amountDue: 20 });
    });

    it('leaves a wallet in another currency alone', async () => {
      const customerId = await createCustomer({ currency: 'USD' });
      const wallet = await created('/wallets', { customerId, currency: 'EUR', grantedCredits: 50 });
      const invoice = await invoiceFor(customerId, 20);
      expect(invoice).toMatchObject({ prepaidCreditAmount: 0, amountDue: 20 });
      expect((await walletNow(wallet.id)).creditsBalance).toBe(50);
    });
  });
});
