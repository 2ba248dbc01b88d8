import { Migration } from '@mikro-orm/migrations';

/** Every scope a key could hold before `test_clocks:read` and `test_clocks:write` existed. */
const SCOPES_BEFORE = [
  'customers:read',
  'customers:write',
  'plans:read',
  'plans:write',
  'subscriptions:read',
  'subscriptions:write',
  'invoices:read',
  'invoices:write',
  'payments:read',
  'payments:write',
  'analytics:read',
  'metrics:read',
  'metrics:write',
  'events:read',
  'events:write',
  'coupons:read',
  'coupons:write',
  'add_ons:read',
  'add_ons:write',
  'credit_notes:read',
  'credit_notes:write',
  'wallets:read',
  'wallets:write',
  'payment_providers:read',
  'payment_providers:write',
  'portal:read',
  'portal:write',
];

/**
 * The new scopes `test_clocks:read` and `test_clocks:write` (simulated time for testers) go to the keys that held every
 * scope before them (the "Default" key of each registration, and any key made with all of them): a key meant to do
 * everything keeps doing everything, and a key limited on purpose stays limited. The list is spelled out here, not
 * imported, so this migration means the same thing whatever scopes are added later.
 */
export class AddTestClockScopes extends Migration {
  override name = '20261208110000_add_test_clock_scopes';

  override up(): void {
    this.addSql(
      `update central.api_keys set scopes = scopes || '["test_clocks:read", "test_clocks:write"]'::jsonb
        where scopes @> '${JSON.stringify(SCOPES_BEFORE)}'::jsonb and not scopes ?| array['test_clocks:read', 'test_clocks:write']`,
    );
  }

  override down(): void {
    this.addSql(`update central.api_keys set scopes = scopes - 'test_clocks:read' - 'test_clocks:write'`);
  }
}
