import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit windows are disposable (issue 15): a window lives a minute and is deleted minutes later. UNLOGGED skips
 * the write-ahead log for the one upsert every request makes; the price is that a crash of PostgreSQL empties the
 * table (and replicas never have it), which only restarts the current minute's counts. Still one table every API
 * process shares, so the limit stays exact across processes.
 */
export class UnloggedRateLimitWindows extends Migration {
  override name = '20261126120000_unlogged_rate_limit_windows';

  override up(): void {
    this.addSql('alter table central.rate_limit_windows set unlogged');
  }

  override down(): void {
    this.addSql('alter table central.rate_limit_windows set logged');
  }
}
