import { Migration } from '@mikro-orm/migrations';

/**
 * A usage segment keeps the billing period it lies in (issue 16): a charge's `minAmount` is prorated by the segment's
 * calendar days over the period's, and a DRAFT invoice's usage is priced again at finalize from this row alone,
 * after the subscription may have moved on to other periods.
 */
export class AddUsageSegmentPeriods extends Migration {
  override name = '20261127100000_add_usage_segment_periods';

  override up(): void {
    this.addSql(
      'alter table usage_segments add column period_start timestamptz null, add column period_end timestamptz null',
    );
    // Rows closed before this migration priced their segment as a whole period.
    this.addSql('update usage_segments set period_start = segment_start, period_end = segment_end');
    this.addSql(`
      alter table usage_segments
        alter column period_start set not null,
        alter column period_end set not null,
        add constraint usage_segments_period_check
          check (period_start <= segment_start and segment_end <= period_end and period_end > period_start)`);
  }

  override down(): void {
    this.addSql('alter table usage_segments drop column period_start, drop column period_end');
  }
}
