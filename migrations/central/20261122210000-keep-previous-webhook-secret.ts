import { Migration } from '@mikro-orm/migrations';

/**
 * After a rotation the previous signing secret keeps signing (beside the new one) for 24 hours, so receivers can
 * switch without dropping a delivery (Standard Webhooks allows several signatures in one header).
 */
export class KeepPreviousWebhookSecret extends Migration {
  override name = '20261122210000_keep_previous_webhook_secret';

  override up(): void {
    this.addSql(`
      alter table central.tenants
        add column previous_webhook_signing_secret text null,
        add column webhook_secret_rotated_at timestamptz null`);
  }

  override down(): void {
    this.addSql(`
      alter table central.tenants
        drop column previous_webhook_signing_secret, drop column webhook_secret_rotated_at`);
  }
}
