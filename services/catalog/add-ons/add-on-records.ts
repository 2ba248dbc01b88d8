import type { AppliedAddOnStatus } from '../../../domain/add-ons';
import { toCurrencyCode, type CurrencyCode, type Money } from '../../../domain/money';
import type { TenantSql } from '../../../infra/db/tenant-sql';

export const ADD_ON_TYPES = ['ONE_TIME', 'RECURRING'] as const;
export type AddOnType = (typeof ADD_ON_TYPES)[number];

export interface AddOnRecord {
  id: string;
  name: string;
  code: string;
  description: string | null;
  type: AddOnType;
  invoiceDisplayName: string | null;
  /** One per currency, in the order they were given. */
  prices: Money[];
  createdAt: Date;
  updatedAt: Date;
}

/** An add-on applied to a customer: its amount and currency are fixed when it is applied (CONTRACT §5). */
export interface AppliedAddOnRecord {
  id: string;
  addOnId: string;
  addOnCode: string;
  customerId: string;
  amount: Money;
  quantity: number;
  status: AppliedAddOnStatus;
  createdAt: Date;
  invoicedAt: Date | null;
  removedAt: Date | null;
}

/** Expected refusals of add-ons, as stable codes; `addOnError` says them as AppErrors. */
export type AddOnFailure =
  | 'add_on_not_found'
  | 'add_on_code_taken'
  | 'add_on_in_use'
  | 'add_on_price_missing'
  | 'customer_not_found'
  | 'applied_add_on_not_found'
  | 'applied_add_on_invoiced'
  | 'applied_add_on_removed';

export type AddOnOutcome<T> = { ok: true; value: T } | { ok: false; error: AddOnFailure };

export interface AddOnRow {
  id: string;
  name: string;
  code: string;
  description: string | null;
  type: AddOnType;
  invoice_display_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface AddOnPriceRow {
  add_on_id: string;
  currency: string;
  amount_minor: string | number | bigint;
}

export interface AppliedAddOnRow {
  id: string;
  add_on_id: string;
  add_on_code: string;
  customer_id: string;
  currency: string;
  amount_minor: string | number | bigint;
  quantity: number;
  status: AppliedAddOnStatus;
  created_at: Date | string;
  invoiced_at: Date | string | null;
  removed_at: Date | string | null;
}

export const ADD_ON_COLUMNS = 'id, name, code, description, type, invoice_display_name, created_at, updated_at';

type AddOnTable = 'add_ons' | 'add_on_prices' | 'applied_add_ons' | 'customers';

export type AddOnSql = TenantSql<AddOnTable>;

export function toAddOnRecord(row: AddOnRow, prices: AddOnPriceRow[]): AddOnRecord {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    description: row.description,
    type: row.type,
    invoiceDisplayName: row.invoice_display_name,
    prices: prices
      .filter((price) => price.add_on_id === row.id)
      .map((price) => ({ currency: toCurrencyCode(price.currency), amount: BigInt(price.amount_minor) })),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function toAppliedAddOnRecord(row: AppliedAddOnRow): AppliedAddOnRecord {
  const currency: CurrencyCode = toCurrencyCode(row.currency);
  return {
    id: row.id,
    addOnId: row.add_on_id,
    addOnCode: row.add_on_code,
    customerId: row.customer_id,
    amount: { currency, amount: BigInt(row.amount_minor) },
    quantity: row.quantity,
    status: row.status,
    createdAt: new Date(row.created_at),
    invoicedAt: dateOrNull(row.invoiced_at),
    removedAt: dateOrNull(row.removed_at),
  };
}
