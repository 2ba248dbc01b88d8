/**
 * API key scopes: SPEC §5.3 plus CONTRACT §6's additions, all `resource:read|write`. A route declares the scopes it
 * needs next to its definition (all of them: a customer's invoices need `customers:read` and `invoices:read`); a key
 * carries any combination.
 */
export const SCOPES = [
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
  'test_clocks:read',
  'test_clocks:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/** The scopes a key lacks for an operation; empty when it may proceed. */
export function missingScopes(granted: readonly string[], required: readonly Scope[]): Scope[] {
  return required.filter((scope) => !granted.includes(scope));
}
