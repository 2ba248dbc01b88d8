import { AppError, notFound, type ErrorDetail } from '../../platform/errors';

export const eventNotFound = (id: string): AppError => notFound('event_not_found', `Event ${id} not found`);

/** An unknown subscription, or another tenant's (never told apart: no existence leak). */
export const eventSubscriptionNotFound = (id: string): AppError =>
  notFound('subscription_not_found', `Subscription ${id} not found`);

/** A transactionId already stored with another payload (CONTRACT §10), each one named. */
export const eventTransactionIdTaken = (details: readonly ErrorDetail[]): AppError =>
  new AppError('conflict', 'event_transaction_id_taken', withFirst('transactionId already used', details), details);

/** A timestamp while the subscription is PAUSED: no usage is billed for a pause. */
export const eventSubscriptionPaused = (details: readonly ErrorDetail[]): AppError =>
  new AppError('invalid', 'subscription_paused', withFirst('Subscription paused', details), details);

/** A timestamp whose usage is already on a finalized or voided invoice. */
export const eventPeriodClosed = (details: readonly ErrorDetail[]): AppError =>
  new AppError('conflict', 'event_period_closed', withFirst('Usage period closed', details), details);

function withFirst(summary: string, details: readonly ErrorDetail[]): string {
  const [first] = details;
  if (first === undefined) return summary;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `${summary}: ${first.path} ${first.message}${more}`;
}
