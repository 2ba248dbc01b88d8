import { setUpResourceTest } from '../../../test/fixtures/resource-test';
import { invoiceCounterName, invoiceNumberYear } from '../../../domain/invoices';
import { takeCounterValue } from '../../../infra/db/tenant-counters';
import { tenantSql, tenantSqlWithin } from '../../../infra/db/tenant-sql';
import { checkWalletBalance } from './balance-check';
import { issueOwedTopUpInvoices, issueOwedTopUpInvoicesWithin } from './owed-top-up-invoices';

/**
 * A THRESHOLD firing's purchase invoice is issued after the balance check that fired it has committed, never inside
 * it: the check records the firing and what it buys; the invoice comes once, whoever issues it and however often.
 */
describe('owed top-up invoices', () => {
  const { api, call, createCustomer, sql, tenant } = setUpResourceTest();

  /** A wallet of 10 granted credits whose THRESHOLD rule buys 20 paid credits at 4, taken to 3 by a void. */
  async function crossedWallet(): Promise<string> {
    const customerId = await createCustomer({ currency: 'USD' });
    const created = await call('POST', '/wallets', {
      body: {
        customerId,
        grantedCredits: 10,
        recurringTopUps: [{ trigger: 'THRESHOLD', thresholdCredits: 4, method: 'FIXED', paidCredits: 20 }],
      },
    });
    expect(created.status).toBe(201);
    const walletId = String(created.body.id);
    const voided = await call('POST', '/wallets/transactions', { body: { walletId, voidedCredits: 7 } });
    expect(voided.status).toBe(201);
    return walletId;
  }
  const check = (walletId: string, owedInvoices?: 'issue' | 'leave') =>
    checkWalletBalance(api.orm, {
      tenantId: tenant.tenantId,
      walletId,
      now: new Date(),
      ...(owedInvoices === undefined ? {} : { owedInvoices }),
    });
  const issue = (walletId: string) =>
    issueOwedTopUpInvoices(api.orm, { tenantId: tenant.tenantId, walletId, now: new Date() });
  const firings = (walletId: string) =>
    sql<{ firing_key: string; paid_credits: string | null; invoice_id: string | null }>(
      'select firing_key, paid_credits::text, invoice_id from $schema.wallet_top_ups where wallet_id = ?',
      [walletId],
    );
  const purchases = (walletId: string) =>
    sql<{ invoice_id: string; credits: string; status: string }>(
      `select invoice_id, credits::text, status from $schema.wallet_transactions
        where wallet_id = ? and source = 'PURCHASE'`,
      [walletId],
    );

  it('records the firing in the check and leaves its invoice to be issued after the commit', async () => {
    const walletId = await crossedWallet();
    const fired = await check(walletId, 'leave');
    expect(fired).toMatchObject({ thresholdTopUp: true, invoiceOwed: true });
    expect(await firings(walletId)).toEqual([{ firing_key: 'THRESHOLD:1', paid_credits: '2000000', invoice_id: null }]);
    expect(await purchases(walletId)).toEqual([]);

    // A retried check fires nothing more and still owes the one invoice.
    expect(await check(walletId, 'leave')).toMatchObject({ thresholdTopUp: false, invoiceOwed: true });
    expect(await firings(walletId)).toHaveLength(1);
  });

  it('does not wait on the invoice counter while another transaction holds it', async () => {
    const walletId = await crossedWallet();
    const held = await tenantSql(api.orm, tenant.tenantId).transactional(async (transaction) => {
      const within = tenantSqlWithin(api.orm, tenant.tenantId, transaction);
      const now = new Date();
      await takeCounterValue(within, transaction, invoiceCounterName(invoiceNumberYear(now, 'UTC')));
      // A check that waited on the counter would hang here until the lock is released: it must not.
      const timeout = new Promise<'waited'>((resolve) =>
        setTimeout(() => {
          resolve('waited');
        }, 15_000).unref(),
      );
      return Promise.race([check(walletId, 'leave'), timeout]);
    });
    expect(held).toMatchObject({ thresholdTopUp: true, invoiceOwed: true });
  });

  it('issues one invoice for the firing whatever crashes, retries and concurrent issuers meet it', async () => {
    const walletId = await crossedWallet();
    await check(walletId, 'leave');

    // An issuer that dies before its commit leaves the firing owed and nothing sold.
    await expect(
      tenantSql(api.orm, tenant.tenantId).transactional(async (transaction) => {
        const within = tenantSqlWithin(api.orm, tenant.tenantId, transaction);
        expect(await issueOwedTopUpInvoicesWithin(within, transaction, { walletId, now: new Date() })).toHaveLength(1);
        throw new Error('worker killed');
      }),
    ).rejects.toThrow('worker killed');
    expect(await purchases(walletId)).toEqual([]);
    expect(await firings(walletId)).toEqual([{ firing_key: 'THRESHOLD:1', paid_credits: '2000000', invoice_id: null }]);

    // Four issuers at once and the wallet's workflow's own check (which issues what is owed): one invoice.
    const issued = await Promise.all([issue(walletId), issue(walletId), issue(walletId), issue(walletId)]);
    const checked = await check(walletId);
    expect(issued.flat()).toHaveLength(1);
    expect(checked).toMatchObject({ thresholdTopUp: false, invoiceOwed: false });
    const [purchase] = await purchases(walletId);
    expect(await purchases(walletId)).toEqual([
      { invoice_id: issued.flat()[0], credits: '2000000', status: 'SETTLED' },
    ]);
    expect(await firings(walletId)).toEqual([
      { firing_key: 'THRESHOLD:1', paid_credits: '2000000', invoice_id: purchase?.invoice_id },
    ]);
    expect(await issue(walletId)).toEqual([]);
    const invoices = await sql<{ count: string }>(
      `select count(*)::text as count from $schema.invoices where id in (
         select invoice_id from $schema.wallet_transactions where wallet_id = ?)`,
      [walletId],
    );
    expect(invoices).toEqual([{ count: '1' }]);
  });

  it('issues the invoice before it resolves when the check is asked to, as the wallet workflow asks', async () => {
    const walletId = await crossedWallet();
    const checked = await check(walletId);
    expect(checked).toMatchObject({ thresholdTopUp: true, invoiceOwed: false });
    const [purchase] = await purchases(walletId);
    expect(purchase).toMatchObject({ credits: '2000000', status: 'SETTLED' });
    expect(await firings(walletId)).toEqual([
      { firing_key: 'THRESHOLD:1', paid_credits: '2000000', invoice_id: purchase?.invoice_id },
    ]);
  });
});
