export { applyLifecycleAction } from './lifecycle-action';
export { createLifecycleSteps } from './lifecycle-steps';
export { cancelWithCreditNotes, type Cancellation } from './cancellation';
