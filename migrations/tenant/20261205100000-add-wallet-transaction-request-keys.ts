import { Migration } from '@mikro-orm/migrations';

/**
 * A wallet transaction may carry the key of the request that made it (the hosted portal's one-time form key), so a
 * repeat of that request finds what the first made instead of buying credits twice. The wallet's row lock orders the
 * repeats; the index makes the look-up under that lock cheap. One request may make several transactions (paid and
 * granted credits), so the key is not unique.
 */
export class AddWalletTransactionRequestKeys extends Migration {
  override name = '20261205100000_add_wallet_transaction_request_keys';

  override up(): void {
    this.addSql(
      'alter table wallet_transactions add column request_key text null ' +
        'check (char_length(request_key) between 1 and 255)',
    );
    this.addSql(`
      create index wallet_transactions_request_key_index on wallet_transactions (wallet_id, request_key)
        where request_key is not null`);
  }

  override down(): void {
    this.addSql('drop index wallet_transactions_request_key_index');
    this.addSql('alter table wallet_transactions drop column request_key');
  }
}
