import { Migration } from '@mikro-orm/migrations';

/**
 * The tenant's postal address, printed as the seller on invoice PDFs. One jsonb value, not five columns: it is read
 * and replaced whole, never queried by part; `null` means the tenant has not given one.
 */
export class AddTenantAddress extends Migration {
  override name = '20261122190000_add_tenant_address';

  override up(): void {
    this.addSql(`
      alter table central.tenants
        add column address jsonb null check (address is null or jsonb_typeof(address) = 'object')`);
  }

  override down(): void {
    this.addSql('alter table central.tenants drop column address');
  }
}
