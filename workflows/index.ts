// What the worker bundles: every workflow function, by name. Nothing else belongs here (no activities, no I/O).
export { dunningWorkflow } from './collections/dunning.workflow';
export { clockCheckWorkflow } from './diagnostics/clock-check.workflow';
export { paymentWorkflow } from './payments/payment.workflow';
export { subscriptionWorkflow } from './subscriptions/subscription.workflow';
export { testClockWorkflow } from './test-clocks/test-clock.workflow';
export { walletWorkflow } from './wallets/wallet.workflow';
export { webhookDeliveryWorkflow } from './webhooks/webhook-delivery.workflow';
