import {
  ActivityFailure,
  allHandlersFinished,
  condition,
  log,
  patched,
  proxyActivities,
  setCurrentDetails,
  setHandler,
} from '@temporalio/workflow';
import type { Activities } from '../../activities';
import { interactiveProviderCallOptions, internalActivityOptions } from '../activity-options';
import {
  awaitCheckoutUpdate,
  checkoutCanceledSignal,
  paymentStatusQuery,
  providerNotificationSignal,
  type CheckoutState,
  type PaymentWorkflowInput,
  type ProviderNotificationSignal,
} from './messages';
import {
  businessNowMs,
  listenToTestClock,
  onTestClock,
  reportClockReached,
  useTestClock,
  waitUntil,
} from '../shared/business-time';
import { verificationTimes } from './verification-schedule';
import type { VerificationResult } from './wire';

const {
  loadPaymentSnapshot,
  applyProviderPayment,
  recordPaymentFailure,
  applyRefundResult,
  forgetPaymentNotification,
} = proxyActivities<Activities>(internalActivityOptions);

/**
 * Failure and expiry notifications are claims checked through the provider's API like successes, and a claim the API
 * contradicts is forgotten (its stored event removed). Runs recorded before it failed a payment on the claim alone.
 */
export const VERIFIED_CLAIMS_PATCH = 'verify-failure-claims';

// The API's checkout request waits for this activity (the `awaitCheckout` update, 15 s): a provider that stays
// unreachable or failing (network errors, 5xx, timeouts) through a few quick attempts within 10 s gets no checkout,
// and the payment fails with that reason, so the request answers 502 naming the provider rather than timing out as a
// Temporal failure. The payer can start a new checkout at once.
const { createPaymentCheckout } = proxyActivities<Activities>(interactiveProviderCallOptions);

// A verification is a question, not a side effect: a provider that stays unreachable for a few attempts makes this
// check inconclusive (the next one on the ladder asks again) instead of holding the workflow past its timers.
const { verifyProviderPayment, endCanceledCheckout } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', backoffCoefficient: 2, maximumAttempts: 3 },
});

/**
 * A payment our side canceled (void, mark-paid) ends its provider checkout at once. Runs recorded before left it
 * open until its expiry.
 */
export const END_CANCELED_CHECKOUT_PATCH = 'end-canceled-checkout';

export type PaymentWorkflowResult = { status: string };

/** The workflow's own view of the payment, changed only by activity results (handlers only queue). */
interface PaymentState {
  status: string;
  checkout: CheckoutState | null;
  notifications: ProviderNotificationSignal[];
  /** Settled (or found settled): nothing more to collect. */
  settled: boolean;
  /** The provider confirmed another amount than asked: the payment failed for good. */
  mismatched: boolean;
  /** The captured payment's id a notification carried (M-Pesa receipt), for every later verification too. */
  notifiedReference: string | null;
  /** A notified success the provider did not confirm yet: asked again then, before the next rung. */
  recheckAtMs: number | null;
  /** Our side canceled the payment: its checkout is to be ended at the provider. */
  cancelRequested: boolean;
  /** The provider ended the checkout: nothing can be paid through it any more. */
  ended: boolean;
}

/** A provider may confirm a notified success a moment after notifying it (M-Pesa's query lags its callback). */
const RECHECK_AFTER_MS = 60_000;

/**
 * One provider payment (`payment:<tenantId>:<paymentId>`, CONTRACT §11): asks the provider for the checkout, then
 * waits for its notifications (signals) and, when none settles it, asks the provider's verification API on a ladder
 * (`verificationTimes`) until `expiresAt`. Money moves only after the provider's API confirmed it; settlement is
 * idempotent in PostgreSQL, so a notification and a poll (or a retried activity) both reporting success pay once.
 * A failure, notified or found, is applied only as the provider's API states it, and the workflow keeps waiting until
 * expiry: a later success beats it. A notification the API contradicts changes nothing and is forgotten.
 */
export async function paymentWorkflow(input: PaymentWorkflowInput): Promise<PaymentWorkflowResult> {
  const state: PaymentState = {
    status: 'PENDING',
    checkout: null,
    notifications: [],
    settled: false,
    mismatched: false,
    notifiedReference: null,
    recheckAtMs: null,
    cancelRequested: false,
    ended: false,
  };
  setHandler(providerNotificationSignal, (notification) => {
    state.notifications.push(notification);
  });
  setHandler(checkoutCanceledSignal, () => {
    if (patched(END_CANCELED_CHECKOUT_PATCH)) state.cancelRequested = true;
  });
  setHandler(awaitCheckoutUpdate, async () => {
    await condition(() => state.checkout !== null);
    return state.checkout as CheckoutState;
  });
  setHandler(paymentStatusQuery, () => ({ status: state.status, checkout: state.checkout }));
  listenToTestClock();

  const snapshot = await loadPaymentSnapshot(input);
  const clock = snapshot?.testClock;
  if (clock != null) useTestClock({ ...clock, localTime: clock.frozenTime, reportedFor: null }, input.tenantId);
  if (snapshot === null) {
    state.checkout = { state: 'refused', reason: `payment ${input.paymentId} does not exist` };
    return finish(input, state);
  }
  state.status = snapshot.status;
  if (snapshot.status !== 'PENDING' || snapshot.expiresAt === null) {
    // Started by a late notification (signalWithStart) after the payment ended: only refund results are left.
    state.checkout = snapshot.checkout ?? { state: 'refused', reason: `payment is ${snapshot.status}` };
    return finish(input, state);
  }
  setCurrentDetails(`Payment ${input.paymentId} (${snapshot.provider}): creating the checkout`);
  const checkout = snapshot.checkout ?? (await createCheckout(input, state));
  state.checkout = checkout;
  if (checkout.state === 'refused') {
    state.status = 'FAILED';
    return finish(input, state);
  }
  await collect(input, state, Date.parse(checkout.expiresAt));
  return finish(input, state);
}

/** The provider's checkout, or a refusal: the provider's own, or its unreachability past the retry window. */
async function createCheckout(input: PaymentWorkflowInput, state: PaymentState): Promise<CheckoutState> {
  try {
    return await createPaymentCheckout({ ...input, at: nowIso() });
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    const reason = `the payment provider could not be reached: ${error.cause?.message ?? error.message}`;
    await fail(input, state, { reason, notify: true });
    return { state: 'refused', reason };
  }
}

/** Waits for notifications and verifies on the ladder until the payment is settled or its checkout expired. */
async function collect(input: PaymentWorkflowInput, state: PaymentState, expiresAtMs: number): Promise<void> {
  const done = () => state.settled || state.mismatched || state.ended;
  for (const checkAtMs of verificationTimes(businessNowMs(), expiresAtMs)) {
    setCurrentDetails(`Payment ${input.paymentId}: ${state.status}, next verification at ${iso(checkAtMs)}`);
    while (!done() && businessNowMs() < checkAtMs) {
      const wakeAtMs = Math.min(checkAtMs, state.recheckAtMs ?? checkAtMs);
      const reason = wakeAtMs === state.recheckAtMs ? 'recheck' : 'verification';
      await waitForNotification(state, {
        wakeAtMs,
        summary: `${reason} ${iso(wakeAtMs)} of payment ${input.paymentId}`,
      });
      await handleNotifications(input, state);
      if (!done() && state.cancelRequested) await endCheckout(input, state);
      if (!done() && state.recheckAtMs !== null && businessNowMs() >= state.recheckAtMs) {
        state.recheckAtMs = null;
        await applyVerification(input, state, await verify(input, state));
      }
    }
    if (done()) return;
    state.recheckAtMs = null;
    await applyVerification(input, state, await verify(input, state));
    if (done()) return;
  }
  if (state.status === 'PENDING') {
    // Expired unused: FAILED "expired", without payment.failed (CONTRACT §11).
    await fail(input, state, { reason: 'expired', notify: false });
  }
  setCurrentDetails(`Payment ${input.paymentId}: ${state.status} at expiry`);
}

/**
 * The payment was canceled on our side (the row is already FAILED `canceled`): the provider ends the checkout, so the
 * old link takes no payment for an invoice that no longer asks for it. A checkout the payer completed first is
 * verified now (a payment it brings becomes customer credit); a provider that cannot end checkouts, or does not
 * answer, leaves it to run to its expiry on the ladder, as before.
 */
async function endCheckout(input: PaymentWorkflowInput, state: PaymentState): Promise<void> {
  state.cancelRequested = false;
  let outcome: Awaited<ReturnType<Activities['endCanceledCheckout']>>;
  try {
    outcome = await endCanceledCheckout(input);
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    log.warn('checkout not ended', { paymentId: input.paymentId, error: error.cause?.message ?? error.message });
    return;
  }
  if (outcome === 'ended') {
    state.ended = true;
    state.status = 'FAILED';
    setCurrentDetails(`Payment ${input.paymentId}: canceled, its checkout ended at the provider`);
  } else if (outcome === 'not_open') {
    await applyVerification(input, state, await verify(input, state));
  }
}

/** Until a notification or cancellation arrives or `wakeAtMs`: a timer of at least 1 ms, or on a test clock its time. */
async function waitForNotification(state: PaymentState, wake: { wakeAtMs: number; summary: string }): Promise<void> {
  const notified = () => state.notifications.length > 0 || state.cancelRequested;
  const { wakeAtMs, summary } = wake;
  if (onTestClock()) await waitUntil(wakeAtMs, notified);
  else await condition(notified, Math.max(wakeAtMs - Date.now(), 1), { summary });
}

async function handleNotifications(input: PaymentWorkflowInput, state: PaymentState): Promise<void> {
  while (state.notifications.length > 0 && !state.settled && !state.mismatched) {
    const notification = state.notifications.shift() as ProviderNotificationSignal;
    if (notification.kind === 'refund') {
      await applyRefund(input, notification);
      continue;
    }
    if (notification.outcome === 'succeeded') {
      // A notification is a claim: the provider's API confirms it before any money moves.
      state.notifiedReference = notification.providerReference ?? state.notifiedReference;
      const result = await verify(input, state);
      if (result.status === 'pending') state.recheckAtMs = businessNowMs() + RECHECK_AFTER_MS;
      if (result.status === 'failed' && patched(VERIFIED_CLAIMS_PATCH)) await forget(input, notification);
      await applyVerification(input, state, result);
    } else if (patched(VERIFIED_CLAIMS_PATCH)) {
      await applyFailureClaim(input, state, notification);
    } else {
      const expired = notification.outcome === 'expired';
      await fail(input, state, {
        reason: expired ? 'expired' : (notification.failureReason ?? notification.type),
        notify: !expired,
      });
    }
  }
}

type PaymentNotification = Extract<ProviderNotificationSignal, { kind: 'payment' }>;

/**
 * A failure or expiry claim, applied only as the provider's API answers it: failed → FAILED with the API's reason
 * (an expiry sends no `payment.failed`), succeeded → settled, pending → nothing now (the ladder asks again, and expiry
 * still fails the checkout). An answer other than failed contradicts the claim, which is then forgotten, so a forged
 * failure cannot turn the genuine notification with the same event id into a repeat. No answer (the provider
 * unreachable) proves nothing either way: nothing is applied and the claim is kept.
 */
async function applyFailureClaim(
  input: PaymentWorkflowInput,
  state: PaymentState,
  notification: PaymentNotification,
): Promise<void> {
  const answer = await ask(input, state);
  if (answer === null) return;
  if (answer.status !== 'failed') {
    await forget(input, notification);
    await applyVerification(input, state, answer);
    return;
  }
  const expired = notification.outcome === 'expired' || answer.reason === 'expired';
  await fail(input, state, { reason: expired ? 'expired' : answer.reason, notify: !expired });
}

/** The notification's stored event stops counting as received: the provider's API said otherwise. */
async function forget(input: PaymentWorkflowInput, notification: ProviderNotificationSignal): Promise<void> {
  await forgetPaymentNotification({ ...input, eventId: notification.eventId });
}

/** The provider's answer, with the captured payment's id a notification carried (verification may not have it). */
async function verify(input: PaymentWorkflowInput, state: PaymentState): Promise<VerificationResult> {
  return (await ask(input, state)) ?? { status: 'pending' };
}

/** Like `verify`, but null when the provider gave no answer (unreachable or refusing past the attempts). */
async function ask(input: PaymentWorkflowInput, state: PaymentState): Promise<VerificationResult | null> {
  const providerReference = state.notifiedReference;
  try {
    const result = await verifyProviderPayment({ ...input, at: nowIso() });
    if (result.status === 'succeeded' && providerReference !== null) return { ...result, providerReference };
    return result;
  } catch (error) {
    if (!(error instanceof ActivityFailure)) throw error;
    log.warn('verification inconclusive', { paymentId: input.paymentId, error: error.cause?.message ?? error.message });
    return null;
  }
}

async function applyVerification(
  input: PaymentWorkflowInput,
  state: PaymentState,
  result: VerificationResult,
): Promise<void> {
  if (result.status === 'pending') return;
  if (result.status === 'failed') {
    // A checkout the provider reports expired was left unused: no payment.failed, as when the workflow expires it.
    await fail(input, state, { reason: result.reason, notify: result.reason !== 'expired' });
    return;
  }
  const settlement = await applyProviderPayment({
    ...input,
    amountMinor: result.amountMinor,
    currency: result.currency,
    providerReference: result.providerReference,
    at: nowIso(),
  });
  switch (settlement.outcome) {
    case 'applied':
    case 'already_settled':
      state.settled = true;
      state.status = 'SUCCEEDED';
      return;
    case 'mismatch':
      state.mismatched = true;
      state.status = 'FAILED';
      return;
    case 'not_found':
      state.mismatched = true;
      return;
  }
}

async function fail(
  input: PaymentWorkflowInput,
  state: PaymentState,
  failure: { reason: string; notify: boolean },
): Promise<void> {
  // Only a PENDING payment fails; a FAILED one keeps its first reason (the activity checks it in PostgreSQL too).
  if (state.status !== 'PENDING') return;
  await recordPaymentFailure({ ...input, ...failure, at: nowIso() });
  state.status = 'FAILED';
}

async function applyRefund(
  input: PaymentWorkflowInput,
  notification: Extract<ProviderNotificationSignal, { kind: 'refund' }>,
): Promise<void> {
  // A refund result the provider's refund API contradicts applied nothing and is forgotten like a payment's claim;
  // runs recorded before never had that answer.
  const outcome = await applyRefundResult({
    ...input,
    refundId: notification.refundId,
    providerRefundId: notification.providerRefundId,
    amountMinor: notification.amountMinor ?? null,
    outcome: notification.outcome,
    failureReason: notification.failureReason,
    at: nowIso(),
  });
  if (outcome === 'contradicted' && patched(VERIFIED_CLAIMS_PATCH)) await forget(input, notification);
}

/**
 * Ends the run once nothing is left to collect: refund results still queued are applied (a refund of a payment
 * this run settled, or the reason a notification started this run); payment notifications after the end change
 * nothing (settlement and failure check the stored status). Loops until no signal came in meanwhile.
 */
async function finish(input: PaymentWorkflowInput, state: PaymentState): Promise<PaymentWorkflowResult> {
  do {
    for (const notification of state.notifications.splice(0)) {
      if (notification.kind === 'refund') await applyRefund(input, notification);
      else if (notification.outcome === 'succeeded' && state.status === 'FAILED' && !state.mismatched) {
        // Money taken after the checkout expired or failed (an M-Pesa PIN entered late, a delayed bank transfer):
        // a later success beats an earlier failure, confirmed through the provider's API like any other.
        state.notifiedReference = notification.providerReference ?? state.notifiedReference;
        const result = await verify(input, state);
        if (result.status === 'failed' && patched(VERIFIED_CLAIMS_PATCH)) await forget(input, notification);
        await applyVerification(input, state, result);
      } else log.info('payment notification after the payment ended', { eventId: notification.eventId });
    }
    // The checkout update may still be answering the API.
    await condition(allHandlersFinished);
  } while (state.notifications.length > 0);
  // On a test clock, the clock's advance waits for this workflow's report: it ends having reached the clock's time.
  await reportClockReached();
  return { status: state.status };
}

const iso = (ms: number): string => new Date(ms).toISOString();
/** The customer's time: the workflow's own, or its test clock's. */
const nowIso = (): string => iso(businessNowMs());
