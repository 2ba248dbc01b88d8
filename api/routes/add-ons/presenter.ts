import { presentMajorUnits } from '../../../domain/money';
import type { AddOnRecord, AppliedAddOnRecord } from '../../../services/catalog/add-ons';
import type { AppliedAddOnJson } from './applied-schema';
import type { AddOnJson } from './schema';

/** Prices as exact major-unit numbers (1000n USD → 10, 1500n JPY → 1500). */
export function presentAddOn(addOn: AddOnRecord): AddOnJson {
  return {
    id: addOn.id,
    name: addOn.name,
    code: addOn.code,
    description: addOn.description,
    type: addOn.type,
    invoiceDisplayName: addOn.invoiceDisplayName,
    prices: addOn.prices.map((price) => ({ currency: price.currency, amount: presentMajorUnits(price) })),
    createdAt: addOn.createdAt.toISOString(),
    updatedAt: addOn.updatedAt.toISOString(),
  };
}

export function presentAppliedAddOn(applied: AppliedAddOnRecord): AppliedAddOnJson {
  return {
    id: applied.id,
    addOnId: applied.addOnId,
    addOnCode: applied.addOnCode,
    customerId: applied.customerId,
    amount: presentMajorUnits(applied.amount),
    currency: applied.amount.currency,
    quantity: applied.quantity,
    status: applied.status,
    createdAt: applied.createdAt.toISOString(),
    invoicedAt: applied.invoicedAt?.toISOString() ?? null,
    removedAt: applied.removedAt?.toISOString() ?? null,
  };
}
