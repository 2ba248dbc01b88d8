import { ApplicationFailure } from '@temporalio/activity';
import { MoneyOverflowError, toCurrencyCode } from '../../domain/money';
import { AMOUNT_OUT_OF_RANGE, failOnMoneyOverflow } from './money-overflow';

describe('failOnMoneyOverflow', () => {
  it('turns usage priced beyond the money maximum into a non-retryable failure of its own type', async () => {
    const overflow = () => Promise.reject(new MoneyOverflowError(10n ** 19n, toCurrencyCode('USD')));
    const failure = await failOnMoneyOverflow(overflow).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: AMOUNT_OUT_OF_RANGE, nonRetryable: true });
  });

  it('lets any other failure through as it was, so transient ones are retried', async () => {
    const transient = new Error('connection reset');
    await expect(failOnMoneyOverflow(() => Promise.reject(transient))).rejects.toBe(transient);
    await expect(failOnMoneyOverflow(() => Promise.resolve(7))).resolves.toBe(7);
  });
});
