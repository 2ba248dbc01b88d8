import { Migration } from '@mikro-orm/migrations';

/**
 * Provider credentials are sealed as `v2.` blobs, bound to their tenant and row (infra/crypto/secret-box, issue 14
 * defect 9); rows sealed before stay `v1.` until their next write, so the column takes both.
 */
export class AllowBoundSealedCredentials extends Migration {
  override name = '20261125100000_allow_bound_sealed_credentials';

  override up(): void {
    this.addSql(`
      alter table payment_providers
        drop constraint payment_providers_sealed_credentials_check,
        add constraint payment_providers_sealed_credentials_check
          check (sealed_credentials like 'v1.%' or sealed_credentials like 'v2.%')`);
  }

  override down(): void {
    // Refused while any row holds a v2 blob: the older code could not open it.
    this.addSql(`
      alter table payment_providers
        drop constraint payment_providers_sealed_credentials_check,
        add constraint payment_providers_sealed_credentials_check check (sealed_credentials like 'v1.%')`);
  }
}
