export { applyLifecycleAction } from './lifecycle-action';
export { createLifecycleSteps } from './lifecycle-steps';
