import { Migration } from '@mikro-orm/migrations';

/**
 * Which applied coupon discounted which invoice, and by how much: the invoice's `discount_minor` is the sum of its
 * rows, and an applied coupon's consumption (ONCE, RECURRING countdown) is explained by them.
 */
export class CreateInvoiceDiscounts extends Migration {
  override name = '20261122200000_create_invoice_discounts';

  override up(): void {
    // `position` keeps the order the coupons were applied in (oldest application first), which decides the cap.
    this.addSql(`
      create table invoice_discounts (
        invoice_id text not null references invoices (id) on delete cascade,
        applied_coupon_id text not null references applied_coupons (id),
        position integer not null check (position >= 0),
        amount_minor bigint not null check (amount_minor > 0),
        primary key (invoice_id, applied_coupon_id),
        constraint invoice_discounts_position_unique unique (invoice_id, position)
      )`);
    this.addSql('create index invoice_discounts_applied_coupon_index on invoice_discounts (applied_coupon_id)');
  }

  override down(): void {
    this.addSql('drop table invoice_discounts');
  }
}
