import type { TestWorkflowEnvironment } from '@temporalio/testing';
import type { paymentWorkflow } from '../../workflows/payments/payment.workflow';
import {
  checkoutCanceledSignal,
  PAYMENT_WORKFLOW_TYPE,
  providerNotificationSignal,
} from '../../workflows/payments/messages';
import { paymentWorkflowId } from '../../workflows/shared/workflow-ids';
import type { FakePaymentOptions } from '../fakes/fake-payment-activities';
import { runLife } from './life-harness';
import type { StoredHistory } from './stored-histories';

/**
 * The payment lives whose histories are stored: a failure notified, then a success found by the 30-minute
 * verification; an M-Pesa-length checkout that nobody pays, failed as expired; and a checkout whose invoice was voided,
 * ended at the provider.
 */

const TENANT_ID = 'ten_history';
const MINUTE = 60_000;

async function recordPayment(
  env: TestWorkflowEnvironment,
  name: string,
  payment: FakePaymentOptions & { failFirst: boolean; runForMs: number; canceled?: boolean },
): Promise<StoredHistory> {
  const paymentId = `pay_history_${name.replaceAll('-', '_')}`;
  return runLife<typeof paymentWorkflow, StoredHistory>({
    env,
    start: (taskQueue) =>
      env.client.workflow.start<typeof paymentWorkflow>(PAYMENT_WORKFLOW_TYPE, {
        taskQueue,
        workflowId: paymentWorkflowId(TENANT_ID, paymentId),
        args: [{ tenantId: TENANT_ID, paymentId }],
      }),
    fakes: { payment },
    script: async (life) => {
      await life.called('createPaymentCheckout');
      if (payment.failFirst) {
        await life.handle.signal(providerNotificationSignal, {
          kind: 'payment',
          eventId: 'evt_history_failed',
          type: 'checkout.session.async_payment_failed',
          outcome: 'failed',
          failureReason: 'card_declined',
          providerReference: null,
          receivedAt: new Date(await env.currentTimeMs()).toISOString(),
        });
        await life.called('recordPaymentFailure');
      }
      if (payment.canceled === true) {
        // The invoice voided while the checkout was open: the provider ends the checkout and the run ends.
        await life.handle.signal(checkoutCanceledSignal);
        await life.called('endCanceledCheckout');
      }
      await env.sleep(payment.runForMs);
      await life.completed();
      return { workflowType: 'paymentWorkflow', name, history: await life.historyOf(life.handle.firstExecutionRunId) };
    },
  });
}

export async function recordPaymentLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [
    await recordPayment(env, 'failed-then-succeeded-at-30-min', {
      lifetimeMs: 24 * 60 * MINUTE,
      verifications: [
        { status: 'pending' },
        { status: 'succeeded', amountMinor: '4999', currency: 'USD', providerReference: 'pi_history' },
      ],
      failFirst: true,
      runForMs: 31 * MINUTE,
    }),
    await recordPayment(env, 'mpesa-push-expired-unused', {
      lifetimeMs: 5 * MINUTE,
      verifications: [],
      failFirst: false,
      runForMs: 6 * MINUTE,
    }),
  ];
}

/** Recorded on its own (`npm run histories:record -- payment-canceled`): the lives above predate the claim check. */
export async function recordCanceledPaymentLives(env: TestWorkflowEnvironment): Promise<StoredHistory[]> {
  return [
    await recordPayment(env, 'canceled-checkout-ended', {
      lifetimeMs: 24 * 60 * MINUTE,
      verifications: [],
      failFirst: false,
      canceled: true,
      runForMs: 1 * MINUTE,
    }),
  ];
}
