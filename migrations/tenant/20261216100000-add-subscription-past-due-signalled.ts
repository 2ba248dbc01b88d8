import { Migration } from '@mikro-orm/migrations';

/**
 * The past-due standing last signalled to each subscription's workflow (null: none recorded yet), written under the
 * reconciliation's lock with each signal. A reconciliation that finds the same standing already signalled and the
 * stored status agreeing sends nothing: the workflow has it, and no other request is in flight behind it.
 */
export class AddSubscriptionPastDueSignalled extends Migration {
  override name = '20261216100000_add_subscription_past_due_signalled';

  override up(): void {
    this.addSql('alter table subscriptions add column past_due_signalled boolean null');
  }

  override down(): void {
    this.addSql('alter table subscriptions drop column past_due_signalled');
  }
}
