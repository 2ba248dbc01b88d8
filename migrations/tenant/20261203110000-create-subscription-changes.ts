import { Migration } from '@mikro-orm/migrations';

/**
 * The history of what each subscription was billing: one row per state it entered (created, a status change, a plan
 * change), with the plan's price and interval in the subscription's currency as they were then. The subscription
 * row only keeps its present state, so MRR at a past instant and its movements (new, expansion, contraction,
 * churn) are read from here. Written in the same transaction as the change it records.
 *
 * Existing subscriptions get their history rebuilt as far as the row tells it: their first state at `start_date`
 * (TRIALING until `trial_end` when it had a trial), then CANCELED at `canceled_at`, or PAUSED at `paused_at`, or the
 * present status; plan changes before this migration are not known and count at the current plan.
 */
export class CreateSubscriptionChanges extends Migration {
  override name = '20261203110000_create_subscription_changes';

  override up(): void {
    this.addSql(`
      create table subscription_changes (
        id bigint generated always as identity primary key,
        subscription_id text not null references subscriptions (id),
        customer_id text not null references customers (id),
        plan_id text not null references plans (id),
        currency char(3) not null check (currency ~ '^[A-Z]{3}$'),
        status text not null check (status in ('TRIALING', 'ACTIVE', 'PAUSED', 'PAST_DUE', 'CANCELED')),
        amount_minor bigint not null check (amount_minor >= 0),
        billing_interval text not null check (billing_interval in ('MONTHLY', 'QUARTERLY', 'YEARLY', 'WEEKLY')),
        effective_at timestamptz not null
      )`);
    // The state of every subscription at an instant: its latest row at or before it.
    this.addSql(
      'create index subscription_changes_subscription_index on subscription_changes (subscription_id, effective_at, id)',
    );
    // The changes inside a date range.
    this.addSql('create index subscription_changes_effective_index on subscription_changes (effective_at)');
    this.backfill();
  }

  private backfill(): void {
    const priced = `
      from subscriptions s
      join plans p on p.id = s.plan_id
      left join plan_prices pp on pp.plan_id = s.plan_id and pp.currency = s.currency`;
    const columns =
      '(subscription_id, customer_id, plan_id, currency, status, amount_minor, billing_interval, effective_at)';
    const values = `s.id, s.customer_id, s.plan_id, s.currency`;
    const price = `coalesce(pp.amount_minor, 0), p.billing_interval`;
    this.addSql(`
      insert into subscription_changes ${columns}
      select ${values}, case when s.trial_end is not null and s.trial_end > s.start_date then 'TRIALING'
                             when s.status in ('CANCELED', 'PAUSED') then 'ACTIVE' else s.status end,
             ${price}, s.start_date ${priced}`);
    this.addSql(`
      insert into subscription_changes ${columns}
      select ${values}, case when s.status in ('CANCELED', 'PAUSED') then 'ACTIVE' else s.status end, ${price},
             s.trial_end ${priced}
       where s.trial_end is not null and s.trial_end > s.start_date and s.status <> 'TRIALING'
         and s.trial_end <= coalesce(s.canceled_at, s.paused_at, 'infinity')`);
    this.addSql(`
      insert into subscription_changes ${columns}
      select ${values}, s.status, ${price}, coalesce(s.canceled_at, s.paused_at) ${priced}
       where (s.status = 'CANCELED' and s.canceled_at is not null) or (s.status = 'PAUSED' and s.paused_at is not null)`);
  }

  override down(): void {
    this.addSql('drop table subscription_changes');
  }
}
