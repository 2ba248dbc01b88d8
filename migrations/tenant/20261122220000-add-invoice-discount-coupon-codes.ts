import { Migration } from '@mikro-orm/migrations';

/**
 * Each invoice discount keeps the coupon code it was given under, as the invoice shows it (API `discounts`, PDF
 * "Discount (CODE)"): an invoice is a document, so what it printed when issued is read from its own rows, not from
 * the coupon as it is now.
 */
export class AddInvoiceDiscountCouponCodes extends Migration {
  override name = '20261122220000_add_invoice_discount_coupon_codes';

  override up(): void {
    this.addSql('alter table invoice_discounts add column coupon_code text null');
    // Existing rows take their coupon's code: a coupon that was applied is only ever soft-deleted and its code is
    // immutable, so that is the code the discount was given under.
    this.addSql(`
      update invoice_discounts d set coupon_code = c.code
        from applied_coupons a, coupons c
       where a.id = d.applied_coupon_id and c.id = a.coupon_id`);
    this.addSql(`
      alter table invoice_discounts
        alter column coupon_code set not null,
        add constraint invoice_discounts_coupon_code_check check (coupon_code ~ '^[A-Z0-9][A-Z0-9_-]{0,63}$')`);
  }

  override down(): void {
    this.addSql('alter table invoice_discounts drop column coupon_code');
  }
}
