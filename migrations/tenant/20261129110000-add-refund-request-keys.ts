import { Migration } from '@mikro-orm/migrations';

/**
 * The idempotent request that created a refund: a re-run of that request (its process died before answering)
 * continues this refund instead of making another. Unique, so one request makes at most one refund.
 */
export class AddRefundRequestKeys extends Migration {
  override name = '20261129110000_add_refund_request_keys';

  override up(): void {
    this.addSql('alter table refunds add column request_key text null');
    this.addSql('create unique index refunds_request_key_unique on refunds (request_key)');
  }

  override down(): void {
    this.addSql('drop index refunds_request_key_unique');
    this.addSql('alter table refunds drop column request_key');
  }
}
