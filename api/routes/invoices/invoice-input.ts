import type { DueDateInput } from '../../../domain/invoices';
import { parseDecimal, MAX_UNIT_PRICE_DECIMALS, unitCountProblem } from '../../../domain/money';
import type { NewManualInvoice } from '../../../services/billing/invoices';
import { validationFailed } from '../../../services/platform/errors';
import { requireCurrency } from '../../schemas/common';
import type { CreateInvoiceBody } from './schema';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date stays a calendar date (the service places it in the customer's time zone); a timestamp is an instant. Its
 * format already refused impossible dates.
 */
function dueDateOf(text: string): DueDateInput {
  return DATE_ONLY.test(text) ? { date: text } : { instant: new Date(text) };
}

function requireQuantity(value: number, index: number) {
  const parsed = parseDecimal(value, MAX_UNIT_PRICE_DECIMALS);
  const path = `body.items.${index}.quantity`;
  if (!parsed.ok) throw validationFailed([{ path, message: parsed.error.message }]);
  // The schema refuses 0 itself; this keeps the domain's Decimal from ever holding one.
  if (parsed.value.unscaled === 0n) throw validationFailed([{ path, message: 'must be greater than 0' }]);
  const problem = unitCountProblem(parsed.value);
  if (problem !== undefined) throw validationFailed([{ path, message: problem }]);
  return parsed.value;
}

/** POST /invoices body → the manual invoice to create (unit prices are checked once the currency is known). */
export function toNewManualInvoice(body: CreateInvoiceBody, now: Date): NewManualInvoice {
  return {
    customerId: body.customerId,
    ...(body.currency === undefined ? {} : { currency: requireCurrency(body.currency, 'body.currency') }),
    items: body.items.map((item, index) => ({
      description: item.description,
      quantity: requireQuantity(item.quantity, index),
      unitAmount: item.unitAmount,
    })),
    ...(body.dueDate === undefined ? {} : { dueDate: dueDateOf(body.dueDate) }),
    ...(body.subscriptionId === undefined ? {} : { subscriptionId: body.subscriptionId }),
    ...(body.metadata === undefined ? {} : { metadata: body.metadata }),
    now,
  };
}
