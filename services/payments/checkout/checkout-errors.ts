import { AppError, conflict, unavailable, validationFailed } from '../../platform/errors';

export const noPaymentProvider = (currency: string): AppError =>
  conflict('no_payment_provider', `No payment provider configured for ${currency}`);

export const providerCurrencyUnsupported = (providerId: string, currency: string): AppError =>
  conflict('provider_currency_unsupported', `Payment provider ${providerId} does not take ${currency}`);

export const nothingToCollect = (invoiceId: string, status: string): AppError =>
  conflict(
    'invalid_state_transition',
    status === 'OPEN' || status === 'UNCOLLECTIBLE'
      ? `Invoice ${invoiceId} has nothing due`
      : `An invoice in status ${status} cannot be paid by checkout`,
  );

export const phoneNumberRequired = (): AppError =>
  validationFailed([{ path: 'body.phoneNumber', message: 'is required for M-Pesa (E.164, e.g. +254712345678)' }]);

/**
 * The provider refused to create the checkout, or could not be reached (an upstream failure, 502): the provider and
 * its message, our payment FAILED.
 * Kind `unavailable` to any caller that is not HTTP; the status table gives the code its 502.
 */
export const paymentProviderError = (provider: string, reason: string): AppError =>
  new AppError(
    'unavailable',
    'payment_provider_error',
    `The payment provider ${provider} did not create the checkout: ${reason}`,
  );

export const checkoutTemporalUnavailable = (): AppError =>
  unavailable('temporal_unavailable', 'The workflow service is unavailable; retry shortly');

export const checkoutNotAnswering = (paymentId: string): AppError =>
  unavailable(
    'temporal_unavailable',
    `The workflow of payment ${paymentId} did not answer in time; the checkout may still be created: retry the request`,
  );
