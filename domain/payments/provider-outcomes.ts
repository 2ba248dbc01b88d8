/**
 * What a provider says became of a payment it was asked to take: a claim (a notification, a callback) that is checked
 * against the provider's API before any money moves.
 */
export type ProviderPaymentOutcome = 'succeeded' | 'failed' | 'expired';

/** What a provider says became of a refund. */
export type ProviderRefundOutcome = 'succeeded' | 'failed';
