import type { AddOnChange, NewAddOn } from '../../../services/catalog/add-ons';
import type { AddOnApplication } from '../../../services/catalog/add-ons';
import { conflict, validationFailed } from '../../../services/platform/errors';
import { requireCurrency } from '../../schemas/common';
import { requireAmount, requirePrices } from '../../schemas/price-input';
import type { ApplyAddOnBody } from './applied-schema';
import type { CreateAddOnBody, UpdateAddOnBody } from './schema';

export function toNewAddOn(body: CreateAddOnBody): NewAddOn {
  return {
    name: body.name,
    code: body.code,
    description: body.description ?? null,
    type: body.type,
    invoiceDisplayName: body.invoiceDisplayName ?? null,
    prices: requirePrices(body.prices),
  };
}

/** PATCH /add-ons/:id; the schema refuses the immutable `code`. */
export function toAddOnChange(body: UpdateAddOnBody): AddOnChange {
  const { prices, ...change } = body;
  return prices === undefined ? change : { ...change, prices: requirePrices(prices) };
}

/**
 * POST /add-ons/apply. Exactly one of addOnId and addOnCode. The applied add-on is billed in the customer's
 * currency, so a `currency` other than the customer's is 409 `currency_mismatch` (a refusal that depends on the stored
 * customer, as for subscriptions) and an explicit amount is read with its decimals.
 */
export function toAddOnApplication(body: ApplyAddOnBody, now: Date): AddOnApplication {
  const addOn = addOnKey(body);
  const currency = body.currency === undefined ? undefined : requireCurrency(body.currency, 'body.currency');
  return {
    addOn,
    customerId: body.customerId,
    quantity: body.quantity ?? 1,
    now,
    readAmount: (customerCurrency) => {
      if (currency !== undefined && currency !== customerCurrency) {
        throw conflict('currency_mismatch', `The customer is billed in ${customerCurrency}, not ${currency}`);
      }
      return body.amount === undefined ? undefined : requireAmount(body.amount, customerCurrency, 'body.amount');
    },
  };
}

/** The schema lets exactly one of the two through (exactlyOneOf); the last throw only narrows the type. */
function addOnKey(body: ApplyAddOnBody): AddOnApplication['addOn'] {
  if (body.addOnId !== undefined) return { id: body.addOnId };
  if (body.addOnCode !== undefined) return { code: body.addOnCode };
  throw validationFailed([{ path: 'body.addOnId', message: 'is required (or addOnCode)' }]);
}
