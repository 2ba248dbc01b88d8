import { Migration } from '@mikro-orm/migrations';

/**
 * What the analytics reports read by date, as index-only scans: a year of a large tenant's payments, refunds,
 * invoices and credit notes is a range of one of these partial indexes (each holding the rows in the states a
 * report counts, with the columns it sums) instead of a scan of the whole table. Refunds by credit note: whether a
 * credit note was made by a refund, which net revenue asks of each one.
 */
export class AddAnalyticsIndexes extends Migration {
  override name = '20261204100000_add_analytics_indexes';

  override up(): void {
    this
      .addSql(`create index payments_succeeded_index on payments (succeeded_at) include (currency, provider, amount_minor)
       where status in ('SUCCEEDED', 'PARTIALLY_REFUNDED', 'REFUNDED')`);
    this.addSql(
      "create index payments_failed_index on payments (failed_at) include (currency, provider) where status = 'FAILED'",
    );
    this.addSql(
      "create index refunds_succeeded_index on refunds (succeeded_at) include (currency, amount_minor) where status = 'SUCCEEDED'",
    );
    this.addSql('create index refunds_credit_note_index on refunds (credit_note_id) where credit_note_id is not null');
    this.addSql(`create index invoices_issued_index on invoices (issued_at) include (currency, total_minor, tax_minor)
       where status in ('OPEN', 'PAID', 'UNCOLLECTIBLE')`);
    this.addSql(
      "create index credit_notes_issued_index on credit_notes (issued_at) include (currency, amount_minor) where status = 'FINALIZED'",
    );
  }

  override down(): void {
    for (const index of [
      'payments_succeeded_index',
      'payments_failed_index',
      'refunds_succeeded_index',
      'refunds_credit_note_index',
      'invoices_issued_index',
      'credit_notes_issued_index',
    ]) {
      this.addSql(`drop index ${index}`);
    }
  }
}
