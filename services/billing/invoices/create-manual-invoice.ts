import { priceItem, resolveDueDate, type DueDateInput } from '../../../domain/invoices';
import {
  MAX_MONEY_MAJOR_UNITS,
  maxMoneyMinorUnits,
  parseMajorUnits,
  type CurrencyCode,
  type Decimal,
} from '../../../domain/money';
import { findLiveCustomerCurrency } from '../../catalog/customers';
import { findSubscription, readBillingTimeZone } from '../subscriptions';
import { requireId } from '../../../domain/ids';
import { createInvoice, type NewInvoiceLine } from './create-invoice';
import type { InvoiceRecord, InvoiceSql } from './invoice-records';

export interface ManualItem {
  description: string;
  quantity: Decimal;
  /** The JSON number as sent; its decimals are checked against the invoice currency. */
  unitAmount: number;
}

export interface NewManualInvoice {
  customerId: string;
  currency?: CurrencyCode;
  items: ManualItem[];
  /** A calendar date is the start of that day in the customer's billing time zone. */
  dueDate?: DueDateInput;
  subscriptionId?: string;
  metadata?: Record<string, string>;
  now: Date;
}

export type ManualInvoiceFailure =
  | { code: 'customer_not_found' }
  | { code: 'subscription_not_found' }
  | { code: 'invalid_item'; path: string; message: string };

export type ManualInvoiceOutcome = { ok: true; value: InvoiceRecord } | { ok: false; error: ManualInvoiceFailure };

async function subscriptionOfCustomer(sql: InvoiceSql, input: NewManualInvoice): Promise<boolean> {
  if (input.subscriptionId === undefined) return false;
  const subscription = await findSubscription(sql, input.subscriptionId);
  return subscription?.customerId === input.customerId;
}

function priceLines(
  items: readonly ManualItem[],
  currency: CurrencyCode,
): { ok: true; lines: NewInvoiceLine[] } | { ok: false; error: ManualInvoiceFailure } {
  const lines: NewInvoiceLine[] = [];
  for (const [index, item] of items.entries()) {
    const unitPrice = parseMajorUnits(item.unitAmount, currency);
    if (!unitPrice.ok) {
      const path = `body.items.${index}.unitAmount`;
      return { ok: false, error: { code: 'invalid_item', path, message: unitPrice.error.message } };
    }
    const line = priceItem({ ...item, unitPrice: unitPrice.value });
    if (line.amountMinor > maxMoneyMinorUnits(currency)) {
      const path = `body.items.${index}.quantity`;
      const message = `times unitAmount is more than the largest amount, ${MAX_MONEY_MAJOR_UNITS}`;
      return { ok: false, error: { code: 'invalid_item', path, message } };
    }
    lines.push({ type: 'MANUAL', description: item.description, ...line });
  }
  const totalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0n);
  if (totalMinor > maxMoneyMinorUnits(currency)) {
    const message = `add up to more than the largest amount, ${MAX_MONEY_MAJOR_UNITS}`;
    return { ok: false, error: { code: 'invalid_item', path: 'body.items', message } };
  }
  return { ok: true, lines };
}

/**
 * A DRAFT MANUAL invoice (POST /invoices): the customer must exist (its currency is the default), a subscription
 * given must be the customer's, unit prices must fit the currency, no line nor the total may pass the money
 * maximum. A due date may lie in the past: such an invoice is overdue from its finalize (what a back-office invoice
 * for work long done, or a test of collections, needs). Finalizing is a separate, explicit step.
 */
export async function createManualInvoice(sql: InvoiceSql, input: NewManualInvoice): Promise<ManualInvoiceOutcome> {
  const defaultCurrency = await findLiveCustomerCurrency(sql, { id: input.customerId });
  if (defaultCurrency === undefined) return { ok: false, error: { code: 'customer_not_found' } };
  if (input.subscriptionId !== undefined && !(await subscriptionOfCustomer(sql, input))) {
    return { ok: false, error: { code: 'subscription_not_found' } };
  }
  const currency = input.currency ?? defaultCurrency;
  const priced = priceLines(input.items, currency);
  if (!priced.ok) return priced;
  const dueDate =
    input.dueDate === undefined
      ? null
      : resolveDueDate(input.dueDate, await readBillingTimeZone(sql, requireId('customer', input.customerId)));
  const invoice = await createInvoice(sql, {
    customerId: input.customerId,
    currency,
    subscriptionId: input.subscriptionId ?? null,
    lines: priced.lines,
    metadata: input.metadata ?? {},
    dueDate,
    autoFinalize: false,
    now: input.now,
  });
  return { ok: true, value: invoice };
}
