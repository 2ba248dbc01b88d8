import { Migration } from '@mikro-orm/migrations';

/**
 * What a wallet's balance checks need to see a crossing that came and went between two checks (a void, then a grant):
 * the lowest credits balance a taking out of credits left since the last check (null: none since), and the usage
 * (minor units) the last check counted.
 */
export class AddWalletBalanceDips extends Migration {
  override name = '20261217100000_add_wallet_balance_dips';

  override up(): void {
    this.addSql(
      'alter table wallets add column lowest_credits_balance bigint null, add column checked_usage_minor bigint null',
    );
  }

  override down(): void {
    this.addSql('alter table wallets drop column lowest_credits_balance, drop column checked_usage_minor');
  }
}
