import { Migration } from '@mikro-orm/migrations';

/**
 * Coupons limited to billable metrics (as Lago allows): `billable_metric_ids` lists the metrics whose usage lines a
 * coupon discounts (empty: it discounts subscription lines, as every coupon did before). A usage line records the
 * metric it prices in `billable_metric_id`, so such a coupon finds it; lines made before this migration, and every
 * other kind of line, have none. No foreign key on either: a metric may be deleted while a coupon or an invoice still
 * names it, and an invoice keeps what it billed.
 */
export class AddMetricLimitedCoupons extends Migration {
  override name = '20261203100000_add_metric_limited_coupons';

  override up(): void {
    this.addSql(
      "alter table coupons add column billable_metric_ids jsonb not null default '[]' " +
        "check (jsonb_typeof(billable_metric_ids) = 'array')",
    );
    this.addSql(
      'alter table invoice_lines add column billable_metric_id text null ' +
        "check (billable_metric_id is null or type = 'USAGE')",
    );
  }

  override down(): void {
    this.addSql('alter table invoice_lines drop column billable_metric_id');
    this.addSql('alter table coupons drop column billable_metric_ids');
  }
}
