import { Migration } from '@mikro-orm/migrations';

/**
 * The tenant's tax id (VAT number, EIN, GST number), printed with its address as the seller on invoice and credit-note
 * PDFs. Free text within the API's pattern, since formats differ by country; `null` until the tenant gives one.
 */
export class AddTenantTaxId extends Migration {
  override name = '20261215100000_add_tenant_tax_id';

  override up(): void {
    this.addSql(`
      alter table central.tenants
        add column tax_id text null check (tax_id is null or char_length(tax_id) between 1 and 50)`);
  }

  override down(): void {
    this.addSql('alter table central.tenants drop column tax_id');
  }
}
