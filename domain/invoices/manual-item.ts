import { formatDecimal, formatMajorUnits, multiplyMoney, type Decimal, type Money } from '../money';

/** A priced manual line: the exact quantity and unit price, and the amount rounded once. */
export interface PricedItem {
  quantity: string;
  unitAmount: string;
  amountMinor: bigint;
}

/**
 * quantity × unit price, rounded once to the currency's minor unit, half away from zero (CONTRACT §5): 3 × 0.33 is
 * 0.99 exactly, 0.5 × 0.01 USD rounds to 0.01.
 */
export function priceItem(input: { quantity: Decimal; unitPrice: Money }): PricedItem {
  return {
    quantity: formatDecimal(input.quantity),
    unitAmount: formatMajorUnits(input.unitPrice),
    amountMinor: multiplyMoney(input.unitPrice, input.quantity).amount,
  };
}
