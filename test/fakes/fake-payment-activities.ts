import type { Activities } from '../../activities';
import type { VerificationResult } from '../../workflows/payments/wire';

/**
 * The payment workflow's activities in memory: a scripted provider instead of HTTP and the database, for history
 * recordings. `verifications` are the provider's answers in order (then pending).
 */

type In<K extends keyof Activities> = Parameters<Activities[K]>[0];

export interface FakePaymentOptions {
  /** The checkout's lifetime from the first activity's `at`. */
  lifetimeMs: number;
  verifications: readonly VerificationResult[];
}

export function createFakePaymentActivities(options: FakePaymentOptions) {
  let status = 'PENDING';
  let verified = 0;
  const activities = {
    loadPaymentSnapshot: (_ref: In<'loadPaymentSnapshot'>) =>
      Promise.resolve({ status, provider: 'STRIPE', checkout: null, expiresAt: 'set at checkout' }),
    createPaymentCheckout: (input: In<'createPaymentCheckout'>) =>
      Promise.resolve({
        state: 'ready' as const,
        checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_history',
        expiresAt: new Date(Date.parse(input.at) + options.lifetimeMs).toISOString(),
      }),
    // Stripe's open session expired on request.
    endCanceledCheckout: (_ref: In<'endCanceledCheckout'>) => Promise.resolve('ended' as const),
    verifyProviderPayment: (_input: In<'verifyProviderPayment'>) =>
      Promise.resolve(options.verifications[verified++] ?? { status: 'pending' as const }),
    applyProviderPayment: (input: In<'applyProviderPayment'>) => {
      status = 'SUCCEEDED';
      return Promise.resolve({
        outcome: 'applied' as const,
        invoiceId: `inv_for_${input.paymentId}`,
        invoicePaid: true,
        subscriptionId: null,
        creditedMinor: '0',
      });
    },
    recordPaymentFailure: (_input: In<'recordPaymentFailure'>) => {
      status = 'FAILED';
      return Promise.resolve(true);
    },
    applyRefundResult: (_input: In<'applyRefundResult'>) => Promise.resolve('applied' as const),
    forgetPaymentNotification: (_input: In<'forgetPaymentNotification'>) => Promise.resolve(true),
  };
  return { activities };
}
