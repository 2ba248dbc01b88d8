/**
 * Identifiers of CONTRACT §3: `<prefix>_<26-character ULID>`. Each kind is a branded string so a CustomerId cannot
 * be passed where a TenantId is expected; the only ways to get one are `parseId` (untrusted input), `requireId`
 * (values the system made itself) and `infra/ids.ts` (new ids). Services take them at their boundaries; the API
 * converts path parameters and credentials, activities their workflow's input.
 */
export const ID_PREFIXES = {
  tenant: 'ten',
  apiKey: 'key',
  customer: 'cust',
  plan: 'plan',
  planPrice: 'price',
  subscription: 'sub',
  invoice: 'inv',
  invoiceLine: 'il',
  payment: 'pay',
  refund: 're',
  paymentProvider: 'pp',
  billableMetric: 'bm',
  usageEvent: 'evt',
  charge: 'chg',
  coupon: 'cpn',
  appliedCoupon: 'acpn',
  addOn: 'aon',
  appliedAddOn: 'aaon',
  creditNote: 'cn',
  wallet: 'wal',
  walletTransaction: 'wtx',
  webhookEvent: 'whe',
  webhookAttempt: 'wha',
  portalSession: 'pss',
  testClock: 'clk',
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

declare const idBrand: unique symbol;
export type Id<K extends IdKind> = string & { readonly [idBrand]: K };

export type TenantId = Id<'tenant'>;
export type CustomerId = Id<'customer'>;
export type PlanId = Id<'plan'>;
export type SubscriptionId = Id<'subscription'>;
export type InvoiceId = Id<'invoice'>;
export type CreditNoteId = Id<'creditNote'>;
export type PaymentId = Id<'payment'>;
export type WebhookEventId = Id<'webhookEvent'>;

/** Crockford base 32 as ULIDs write it: upper case, without I, L, O and U. */
export const ULID_PATTERN = '[0-9A-HJKMNP-TV-Z]{26}';

const patterns = new Map<IdKind, RegExp>(
  (Object.keys(ID_PREFIXES) as IdKind[]).map((kind) => [kind, new RegExp(`^${ID_PREFIXES[kind]}_${ULID_PATTERN}$`)]),
);

export function isId<K extends IdKind>(kind: K, value: unknown): value is Id<K> {
  return typeof value === 'string' && (patterns.get(kind)?.test(value) ?? false);
}

/** The id when `value` is a well-formed id of `kind`, otherwise undefined (callers answer 404 or 400). */
export function parseId<K extends IdKind>(kind: K, value: unknown): Id<K> | undefined {
  return isId(kind, value) ? value : undefined;
}

/**
 * The id of `kind` in a value the system made itself (a workflow's input, a stored row): a malformed one is a broken
 * invariant, so it throws instead of answering 404 as `parseId`'s callers do.
 */
export function requireId<K extends IdKind>(kind: K, value: string): Id<K> {
  const id = parseId(kind, value);
  if (id === undefined) throw new Error(`Not a ${kind} id: ${JSON.stringify(value)}`);
  return id;
}

/** Joins a prefix and a ULID made elsewhere (randomness is not the domain's). */
export function formatId<K extends IdKind>(kind: K, ulid: string): Id<K> {
  const id = `${ID_PREFIXES[kind]}_${ulid}`;
  if (!isId(kind, id)) throw new Error(`Not a ULID: ${JSON.stringify(ulid)}`);
  return id;
}
