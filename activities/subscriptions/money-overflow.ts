import { ApplicationFailure } from '@temporalio/activity';
import { MoneyOverflowError } from '../../domain/money';

/** The failure type of usage priced beyond the money maximum: pricing again gives the same amount, so never retried. */
export const AMOUNT_OUT_OF_RANGE = 'amount_out_of_range';

/** Runs a step that prices usage; an amount beyond the money maximum fails it for good, typed, instead of retrying. */
export async function failOnMoneyOverflow<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof MoneyOverflowError) throw ApplicationFailure.nonRetryable(error.message, AMOUNT_OUT_OF_RANGE);
    throw error;
  }
}
