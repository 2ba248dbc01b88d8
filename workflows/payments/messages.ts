import { defineQuery, defineSignal, defineUpdate } from '@temporalio/workflow';
import type { ProviderPaymentOutcome, ProviderRefundOutcome } from '../../domain/payments';

/**
 * Wire types of the payment workflow (CONTRACT §11): one per provider payment, id `payment:<tenantId>:<paymentId>`,
 * started by the checkout and signalled (signalWithStart) by the inbound provider notifications.
 */

/** Workflow type name, so the API can start and signal it without importing workflow code. */
export const PAYMENT_WORKFLOW_TYPE = 'paymentWorkflow';

export interface PaymentWorkflowInput {
  tenantId: string;
  paymentId: string;
}

/**
 * A verified provider notification, as the inbound webhook handler stored it (JSON: no bigint, dates ISO).
 * `kind: 'payment'` outcomes are facts to check: a success is confirmed through the provider's verification API
 * before any money is applied.
 */
export type ProviderNotificationSignal =
  | {
      kind: 'payment';
      eventId: string;
      type: string;
      outcome: ProviderPaymentOutcome;
      failureReason: string | null;
      /** The provider's id of the captured payment when the notification carries it (M-Pesa receipt). */
      providerReference: string | null;
      receivedAt: string;
    }
  | {
      kind: 'refund';
      eventId: string;
      type: string;
      refundId: string | null;
      providerRefundId: string | null;
      /** Minor units, when the notification states the amount (absent from signals sent before it was added). */
      amountMinor?: string | null;
      outcome: ProviderRefundOutcome;
      failureReason: string | null;
      receivedAt: string;
    };

export const providerNotificationSignal = defineSignal<[ProviderNotificationSignal]>('providerNotification');

/**
 * Our side canceled the payment (its invoice was voided or marked paid, the row is FAILED `canceled`): the workflow
 * ends the provider's checkout where the provider can, so its page takes no more payments.
 */
export const checkoutCanceledSignal = defineSignal('checkoutCanceled');

/** Where the checkout stands; the API waits on it (an update) before answering the checkout request. */
export type CheckoutState =
  { state: 'ready'; checkoutUrl: string | null; expiresAt: string } | { state: 'refused'; reason: string };

/** Resolves once the provider answered the checkout request (or refused it). */
export const awaitCheckoutUpdate = defineUpdate<CheckoutState>('awaitCheckout');

export const paymentStatusQuery = defineQuery<{ status: string; checkout: CheckoutState | null }>('paymentStatus');
