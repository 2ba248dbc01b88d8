import type { CurrencyCode } from '../../../domain/money';
import type { Sql } from '../../../infra/db/sql';

export type SandboxCheckoutStatus = 'OPEN' | 'PAID' | 'DECLINED' | 'EXPIRED';

/** A checkout in the sandbox provider's own books (`central.sandbox_checkouts`). */
export interface SandboxCheckout {
  id: string;
  tenantId: string;
  providerId: string;
  /** Our payment id, as a real provider carries the reference it was given. */
  reference: string;
  amountMinor: bigint;
  currency: CurrencyCode;
  description: string;
  /** OPEN past `expiresAt` reads as EXPIRED. */
  status: SandboxCheckoutStatus;
  /** Where the signed notification is posted: the platform's inbound route the gateway named. */
  callbackUrl: string;
  successUrl: string | null;
  cancelUrl: string | null;
  expiresAt: Date;
  createdAt: Date;
  completedAt: Date | null;
}

export interface SandboxRefund {
  id: string;
  checkoutId: string;
  refundReference: string;
  amountMinor: bigint;
  currency: string;
  status: 'SUCCEEDED' | 'FAILED';
  createdAt: Date;
}

interface CheckoutRow {
  id: string;
  tenant_id: string;
  provider_id: string;
  reference: string;
  amount_minor: string;
  currency: string;
  description: string;
  status: SandboxCheckoutStatus;
  callback_url: string;
  success_url: string | null;
  cancel_url: string | null;
  // Raw statements give timestamps as the driver's text or Date: read through `new Date`.
  expires_at: Date | string;
  created_at: Date | string;
  completed_at: Date | string | null;
}

const CHECKOUT_COLUMNS =
  'id, tenant_id, provider_id, reference, amount_minor, currency, description, status, callback_url, success_url, ' +
  'cancel_url, expires_at, created_at, completed_at';

function toCheckout(row: CheckoutRow, now: Date): SandboxCheckout {
  const expiresAt = new Date(row.expires_at);
  const expired = row.status === 'OPEN' && expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    tenantId: row.tenant_id,
    providerId: row.provider_id,
    reference: row.reference,
    amountMinor: BigInt(row.amount_minor),
    currency: row.currency as CurrencyCode,
    description: row.description,
    status: expired ? 'EXPIRED' : row.status,
    callbackUrl: row.callback_url,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    expiresAt,
    createdAt: new Date(row.created_at),
    completedAt: row.completed_at === null ? null : new Date(row.completed_at),
  };
}

/** A new checkout, or the one already registered for the tenant's reference (a retried call makes one). */
export async function insertSandboxCheckout(
  sql: Sql,
  checkout: Omit<SandboxCheckout, 'status' | 'completedAt'>,
  now: Date,
): Promise<SandboxCheckout> {
  await sql.query(
    `insert into central.sandbox_checkouts (${CHECKOUT_COLUMNS})
     values (?, ?, ?, ?, ?, ?, ?, 'OPEN', ?, ?, ?, ?, ?, null)
     on conflict (tenant_id, reference) do nothing`,
    [
      checkout.id,
      checkout.tenantId,
      checkout.providerId,
      checkout.reference,
      checkout.amountMinor,
      checkout.currency,
      checkout.description,
      checkout.callbackUrl,
      checkout.successUrl,
      checkout.cancelUrl,
      checkout.expiresAt,
      checkout.createdAt,
    ],
  );
  const stored = await findSandboxCheckoutByReference(
    sql,
    { tenantId: checkout.tenantId, reference: checkout.reference },
    now,
  );
  if (stored === undefined) throw new Error(`sandbox checkout of ${checkout.reference} vanished`);
  return stored;
}

export async function findSandboxCheckout(sql: Sql, id: string, now: Date): Promise<SandboxCheckout | undefined> {
  const row = await sql.one<CheckoutRow>(`select ${CHECKOUT_COLUMNS} from central.sandbox_checkouts where id = ?`, [
    id,
  ]);
  return row === undefined ? undefined : toCheckout(row, now);
}

export async function findSandboxCheckoutByReference(
  sql: Sql,
  key: { tenantId: string; reference: string },
  now: Date,
): Promise<SandboxCheckout | undefined> {
  const row = await sql.one<CheckoutRow>(
    `select ${CHECKOUT_COLUMNS} from central.sandbox_checkouts where tenant_id = ? and reference = ?`,
    [key.tenantId, key.reference],
  );
  return row === undefined ? undefined : toCheckout(row, now);
}

/** OPEN and unexpired → PAID or DECLINED, once; undefined when it was not open (already completed, or expired). */
export async function completeSandboxCheckout(
  sql: Sql,
  change: { id: string; status: 'PAID' | 'DECLINED'; now: Date },
): Promise<SandboxCheckout | undefined> {
  const row = await sql.one<CheckoutRow>(
    `update central.sandbox_checkouts set status = ?, completed_at = ?
     where id = ? and status = 'OPEN' and expires_at > ?
     returning ${CHECKOUT_COLUMNS}`,
    [change.status, change.now, change.id, change.now],
  );
  return row === undefined ? undefined : toCheckout(row, change.now);
}

/** OPEN → EXPIRED at the platform's request (its payment was canceled); undefined when it was not open. */
export async function expireSandboxCheckout(
  sql: Sql,
  change: { id: string; now: Date },
): Promise<SandboxCheckout | undefined> {
  const row = await sql.one<CheckoutRow>(
    `update central.sandbox_checkouts set status = 'EXPIRED', completed_at = ?
     where id = ? and status = 'OPEN' and expires_at > ?
     returning ${CHECKOUT_COLUMNS}`,
    [change.now, change.id, change.now],
  );
  return row === undefined ? undefined : toCheckout(row, change.now);
}

interface RefundRow {
  id: string;
  checkout_id: string;
  refund_reference: string;
  amount_minor: string;
  currency: string;
  status: 'SUCCEEDED' | 'FAILED';
  created_at: Date | string;
}

const toRefund = (row: RefundRow): SandboxRefund => ({
  id: row.id,
  checkoutId: row.checkout_id,
  refundReference: row.refund_reference,
  amountMinor: BigInt(row.amount_minor),
  currency: row.currency,
  status: row.status,
  createdAt: new Date(row.created_at),
});

const REFUND_COLUMNS = 'id, checkout_id, refund_reference, amount_minor, currency, status, created_at';

/** A refund, or the one already made for the same (checkout, refund reference). */
export async function insertSandboxRefund(sql: Sql, refund: SandboxRefund): Promise<SandboxRefund> {
  await sql.query(
    `insert into central.sandbox_refunds (${REFUND_COLUMNS}) values (?, ?, ?, ?, ?, ?, ?)
     on conflict (checkout_id, refund_reference) do nothing`,
    [
      refund.id,
      refund.checkoutId,
      refund.refundReference,
      refund.amountMinor,
      refund.currency,
      refund.status,
      refund.createdAt,
    ],
  );
  const row = await sql.oneOrFail<RefundRow>(
    `select ${REFUND_COLUMNS} from central.sandbox_refunds where checkout_id = ? and refund_reference = ?`,
    [refund.checkoutId, refund.refundReference],
  );
  return toRefund(row);
}

/** Refunds of the checkout so far, in minor units (what is left to refund is the rest). */
export async function sandboxRefundedAmount(sql: Sql, checkoutId: string): Promise<bigint> {
  const row = await sql.one<{ total: string | null }>(
    "select sum(amount_minor)::text as total from central.sandbox_refunds where checkout_id = ? and status = 'SUCCEEDED'",
    [checkoutId],
  );
  return BigInt(row?.total ?? '0');
}

/** A refund of one of the tenant's checkouts. */
export async function findSandboxRefund(
  sql: Sql,
  key: { tenantId: string; id: string },
): Promise<SandboxRefund | undefined> {
  const row = await sql.one<RefundRow>(
    `select r.id, r.checkout_id, r.refund_reference, r.amount_minor, r.currency, r.status, r.created_at
     from central.sandbox_refunds r join central.sandbox_checkouts c on c.id = r.checkout_id
     where r.id = ? and c.tenant_id = ?`,
    [key.id, key.tenantId],
  );
  return row === undefined ? undefined : toRefund(row);
}
