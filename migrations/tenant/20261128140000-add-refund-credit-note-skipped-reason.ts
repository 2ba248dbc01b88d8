import { Migration } from '@mikro-orm/migrations';

/**
 * A refund asked to record a credit note (CONTRACT §11 `createCreditNote`) still completes when the credit note
 * rules refuse one (the invoice is no longer PAID, its credit notes already reach its total): the refund keeps why.
 */
export class AddRefundCreditNoteSkippedReason extends Migration {
  override name = '20261128140000_add_refund_credit_note_skipped_reason';

  override up(): void {
    this.addSql('alter table refunds add column credit_note_skipped_reason text null');
  }

  override down(): void {
    this.addSql('alter table refunds drop column credit_note_skipped_reason');
  }
}
