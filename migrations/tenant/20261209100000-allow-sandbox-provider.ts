import { Migration } from '@mikro-orm/migrations';

const BEFORE = "'STRIPE', 'PAYSTACK', 'FLUTTERWAVE', 'MPESA'";
const AFTER = `${BEFORE}, 'SANDBOX'`;

/** The checks on a provider column: each table, its constraint, and the values besides the providers it allows. */
const CHECKS = [
  { table: 'payment_providers', constraint: 'payment_providers_provider_check', extra: '' },
  { table: 'payments', constraint: 'payments_provider_check', extra: ", 'MANUAL'" },
  { table: 'payment_events', constraint: 'payment_events_provider_check', extra: '' },
] as const;

/**
 * The SANDBOX provider: the platform's own stand-in for a payment provider (no account, any currency), so payments can
 * be tried end to end. Every column that names a provider takes it.
 */
export class AllowSandboxProvider extends Migration {
  override name = '20261209100000_allow_sandbox_provider';

  override up(): void {
    for (const { table, constraint, extra } of CHECKS) {
      this.addSql(`
        alter table ${table}
          drop constraint ${constraint},
          add constraint ${constraint} check (provider in (${AFTER}${extra}))`);
    }
  }

  override down(): void {
    for (const { table, constraint, extra } of CHECKS) {
      this.addSql(`
        alter table ${table}
          drop constraint ${constraint},
          add constraint ${constraint} check (provider in (${BEFORE}${extra}))`);
    }
  }
}
