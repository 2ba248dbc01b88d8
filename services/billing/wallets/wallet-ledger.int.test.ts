import fc from 'fast-check';
import { creditsValue, wholeCredits } from '../../../domain/wallets';
import type { Orm } from '../../../infra/db/orm';
import { tenantSql } from '../../../infra/db/tenant-sql';
import { createTestOrm } from '../../../test/harness/database';
import { testConfig } from '../../../test/harness/http-server';
import { insertCustomerRow } from '../../../test/fixtures/customer-rows';
import { createTenantFixture, type TenantFixture } from '../../../test/fixtures/tenant-fixture';
import { tenantSchemaSql } from '../../../test/harness/tenant-schema-sql';
import { addWalletTransactions } from './wallet-transactions';
import { createWallet } from './create-wallet';
import { terminateWallet } from './terminate-wallet';
import type { WalletSql } from './wallet-records';
import { findWallet } from './wallet-store';
import { walletView } from './wallet-view';

type Step = { kind: 'grant'; credits: bigint } | { kind: 'void'; credits: bigint } | { kind: 'terminate' };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.bigInt({ min: 1n, max: 50_000_000n }).map((credits) => ({ kind: 'grant' as const, credits })),
  },
  {
    weight: 3,
    arbitrary: fc.bigInt({ min: 1n, max: 60_000_000n }).map((credits) => ({ kind: 'void' as const, credits })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'terminate' as const }) },
);

/**
 * Whatever sequence of top-ups, voids and termination a wallet goes through, its stored balance is the sum of its
 * settled transactions' credits, what its lots still hold, never below zero, and `balance` is that × rate rounded
 * once.
 */
describe('wallet ledger', () => {
  let orm: Orm;
  let tenant: TenantFixture;
  let sql: WalletSql;

  beforeAll(async () => {
    orm = await createTestOrm();
    tenant = await createTenantFixture(orm, testConfig());
    sql = tenantSql(orm, tenant.tenantId);
  });
  afterAll(() => orm.close());

  async function ledger(walletId: string) {
    const [row] = await sql.query<{ signed: string | null; lots: string | null }>(
      `select sum(case when transaction_type = 'INBOUND' then credits else -credits end)
                filter (where status = 'SETTLED') as signed,
              sum(remaining_credits) as lots
         from ${sql.table('wallet_transactions')} where wallet_id = ?`,
      [walletId],
    );
    return { signed: BigInt(row?.signed ?? 0), lots: BigInt(row?.lots ?? 0) };
  }

  it('keeps creditsBalance equal to the settled transactions and the lots, whatever happens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }),
        fc.constantFrom('1', '0.3333', '2.5', '0.000001'),
        async (steps, rateText) => {
          const customerId = await insertCustomerRow(tenantSchemaSql(() => ({ orm, tenantId: tenant.tenantId })));
          const rate = { unscaled: BigInt(rateText.replace('.', '')), scale: rateText.split('.')[1]?.length ?? 0 };
          const now = new Date();
          const created = await createWallet(sql, {
            customerId,
            name: null,
            rate,
            grantedCredits: wholeCredits(10n),
            expirationAt: null,
            invoiceRequiresSuccessfulPayment: false,
            lowBalanceThresholdCredits: null,
            now,
          });
          const walletId = created.wallet.id;
          let expected = wholeCredits(10n);
          for (const step of steps) {
            const context = { now };
            if (step.kind === 'terminate') {
              await terminateWallet(sql, { walletId, cause: 'TERMINATION', now });
              expected = 0n;
              break;
            }
            const request = step.kind === 'grant' ? { grantedCredits: step.credits } : { voidedCredits: step.credits };
            const outcome = await addWalletTransactions(sql, { walletId, ...request, context }).then(
              () => 'ok',
              (error: unknown) => (error as { code?: string }).code,
            );
            if (step.kind === 'grant') expected += step.credits;
            else if (step.credits <= expected) expected -= step.credits;
            else expect(outcome).toBe('insufficient_wallet_credits');
          }
          const wallet = await findWallet(sql, walletId);
          const { signed, lots } = await ledger(walletId);
          expect(wallet?.creditsBalance).toBe(expected);
          expect([signed, lots]).toEqual([expected, expected]);
          // `balance` is the credits balance × rate, rounded once (not a sum of rounded transaction amounts).
          const balanceMinor = creditsValue(expected, rate, wallet!.currency);
          expect(walletView(wallet!).balance).toBe(Number(balanceMinor) / 100);
        },
      ),
      { numRuns: 25 },
    );
  });
});
