import { Migration } from '@mikro-orm/migrations';

/**
 * A THRESHOLD firing is decided by a balance check, but its purchase invoice is issued after that check has committed,
 * in a transaction of its own: invoice numbers are gapless (one counter row per tenant and year, held until commit),
 * and checks that waited on it waited on each other. `paid_credits` is what the firing buys, recorded with the firing
 * (a TARGET rule's amount depends on the balance the check saw); the firing owes its invoice while `invoice_id` is
 * null. A firing whose wallet ended before its invoice was issued sold nothing: `paid_credits` is cleared.
 */
export class AddWalletTopUpOwedCredits extends Migration {
  override name = '20261211110000_add_wallet_top_up_owed_credits';

  override up(): void {
    this.addSql('alter table wallet_top_ups add column paid_credits bigint null check (paid_credits > 0)');
    // The firings whose purchase invoice is still to be issued.
    this.addSql(`
      create index wallet_top_ups_invoice_owed_index on wallet_top_ups (wallet_id)
        where paid_credits is not null and invoice_id is null`);
  }

  override down(): void {
    this.addSql('drop index wallet_top_ups_invoice_owed_index');
    this.addSql('alter table wallet_top_ups drop column paid_credits');
  }
}
