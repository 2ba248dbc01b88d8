import { Migration } from '@mikro-orm/migrations';

/**
 * The billing error a subscription shows while a period's invoice cannot be issued (its usage priced beyond the
 * money maximum): `{ code, message, periodStart, periodEnd, occurredAt }`, null when every invoice went out. The
 * workflow sets it and keeps the invoice waiting for a retry instead of retrying for ever; the API shows it.
 */
export class AddSubscriptionBillingErrors extends Migration {
  override name = '20261130100000_add_subscription_billing_errors';

  override up(): void {
    this.addSql(`
      alter table subscriptions
        add column billing_error jsonb null,
        add constraint subscriptions_billing_error_object
          check (billing_error is null or jsonb_typeof(billing_error) = 'object')`);
  }

  override down(): void {
    this.addSql('alter table subscriptions drop column billing_error');
  }
}
